import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { trocarMinhaSenha } from '../api/entrar';
import { Cabecalho } from '../components/cabecalho';
import { CampoCodigoTotp, CamposDaNovaSenha, problemaDaNovaSenha, SENHA_MINIMA } from '../components/campos-de-senha';
import { mensagemDeErro } from '../lib/cliente';
import { useSessaoEquipe } from '../lib/sessao';

/**
 * /atendimento/minha-senha: the signed-in person changes their own password (decision 0033) — the
 * current one and a code of the authenticator app prove it is them; the other sessions end.
 */
export function MinhaSenhaPage() {
  const { sair } = useSessaoEquipe();
  const navigate = useNavigate();
  const [senhaAtual, setSenhaAtual] = useState('');
  const [codigo, setCodigo] = useState('');
  const [novaSenha, setNovaSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const alertaRef = useRef<HTMLDivElement>(null);

  function recusar(mensagem: string) {
    setErro(mensagem);
    requestAnimationFrame(() => alertaRef.current?.focus());
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    if (!senhaAtual) return recusar('Informe a senha atual.');
    if (!/^\d{6}$/.test(codigo)) return recusar('O código deve ter 6 dígitos.');
    const problema = problemaDaNovaSenha(novaSenha, confirmacao);
    if (problema) return recusar(problema);
    setEnviando(true);
    setErro(null);
    try {
      await trocarMinhaSenha({ senhaAtual, novaSenha, codigo });
      toast.success('Senha alterada.', { description: 'As suas outras sessões foram encerradas.' });
      void navigate('/atendimento');
    } catch (err) {
      setCodigo('');
      // Five wrong current passwords lock the account and end every session, this one too.
      if (isApiError(err) && err.status === 423) return void sair(mensagemDeErro(err));
      recusar(mensagemDeErro(err));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <>
      <Cabecalho titulo="Trocar minha senha" />
      <form
        onSubmit={(e) => void enviar(e)}
        className="max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        noValidate
      >
        <p>
          Confirme quem você é com a senha atual e um código do aplicativo autenticador. A nova senha precisa ter pelo
          menos {SENHA_MINIMA} caracteres; as suas sessões em outros computadores serão encerradas.
        </p>
        {erro ? (
          <Alert variant="error" ref={alertaRef} tabIndex={-1}>
            {erro}
          </Alert>
        ) : null}
        <FormField label="Senha atual">
          {(c) => (
            <PasswordInput
              {...c}
              name="senha-atual"
              autoComplete="current-password"
              value={senhaAtual}
              onChange={(e) => setSenhaAtual(e.target.value)}
            />
          )}
        </FormField>
        <CampoCodigoTotp valor={codigo} aoMudar={setCodigo} />
        <CamposDaNovaSenha
          novaSenha={novaSenha}
          confirmacao={confirmacao}
          aoMudarNovaSenha={setNovaSenha}
          aoMudarConfirmacao={setConfirmacao}
        />
        <Button type="submit" disabled={enviando}>
          {enviando ? 'Salvando…' : 'Salvar nova senha'}
        </Button>
      </form>
    </>
  );
}
