import { LIMITES } from '@portal/contract/limites';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';

/** The staff's own password: the server checks the same minimum (decision 0033). */
export const SENHA_MINIMA = LIMITES.senhaEquipeMinima;

/** The browser's check of a new password and its confirmation (the server checks again); null when fine. */
export function problemaDaNovaSenha(novaSenha: string, confirmacao: string): string | null {
  if (novaSenha.length < SENHA_MINIMA) return `A senha deve ter pelo menos ${SENHA_MINIMA} caracteres.`;
  if (novaSenha !== confirmacao) return 'As senhas não conferem.';
  return null;
}

/** 'Código do autenticador': six digits, kept to digits as typed; the phone's keyboard offers the code. */
export function CampoCodigoTotp({
  valor,
  aoMudar,
  autoFocus,
}: {
  valor: string;
  aoMudar: (codigo: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <FormField label="Código do autenticador">
      {(c) => (
        <Input
          {...c}
          name="codigo"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          autoFocus={autoFocus}
          value={valor}
          onChange={(e) => aoMudar(e.target.value.replace(/\D/g, '').slice(0, 6))}
          className="font-mono text-lg tracking-widest"
        />
      )}
    </FormField>
  );
}

/** 'Nova senha' and 'Confirme a nova senha'. */
export function CamposDaNovaSenha({
  novaSenha,
  confirmacao,
  aoMudarNovaSenha,
  aoMudarConfirmacao,
  autoFocus,
}: {
  novaSenha: string;
  confirmacao: string;
  aoMudarNovaSenha: (v: string) => void;
  aoMudarConfirmacao: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField label="Nova senha">
        {(c) => (
          <PasswordInput
            {...c}
            name="nova-senha"
            autoComplete="new-password"
            autoFocus={autoFocus}
            value={novaSenha}
            onChange={(e) => aoMudarNovaSenha(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Confirme a nova senha">
        {(c) => (
          <PasswordInput
            {...c}
            name="confirmacao"
            autoComplete="new-password"
            value={confirmacao}
            onChange={(e) => aoMudarConfirmacao(e.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
