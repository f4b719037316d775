import { segundosDeEspera } from '@/lib/account/registro-erros';
import { NoContactAlert } from '@/components/account/no-contact-alert';
import type { TipoSolicitacao } from '@portal/contract';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { CodeForm } from '@/components/account/code-form';
import { ContactMethodPicker } from '@/components/account/contact-method-picker';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { LIMITES_WEB } from '@/lib/config';
import { toast } from '@/lib/toast';
import { formatarContagem, useCountdown } from '@/lib/use-countdown';
import { useRecuperarSenha } from '../api/recuperar-senha';
import { useValidarTokenRecuperacao } from '../api/validar-token-recuperacao';
import type { ContaRecuperacao } from './recuperar-senha-page';

export interface CodigoValidado {
  token: string;
  tipoSolicitacao: TipoSolicitacao;
}

interface TokenStepProps {
  conta: ContaRecuperacao;
  focusOnMount: boolean;
  onValidado: (codigo: CodigoValidado) => void;
}

/** Choose e-mail or SMS, send the code (then blocked for 2 minutes), type it and validate it. */
export function TokenStep({ conta, focusOnMount, onValidado }: TokenStepProps) {
  const [metodo, setMetodo] = useState<TipoSolicitacao | null>(
    conta.email ? 'email' : conta.celular ? 'celular' : null,
  );
  const [enviadoPor, setEnviadoPor] = useState<TipoSolicitacao | null>(null);
  const [erro, setErro] = useState<{ title: string; description: string } | null>(null);
  const espera = useCountdown();
  const enviando = useRef(false);
  const recuperar = useRecuperarSenha();
  const validar = useValidarTokenRecuperacao();

  const enviar = async () => {
    if (!metodo || enviando.current) return;
    enviando.current = true;
    setErro(null);
    try {
      await recuperar.run(conta.cpf, metodo, conta.celular);
      setEnviadoPor(metodo);
      espera.start(LIMITES_WEB.reenvioCodigoSegundos);
      toast.success('Código de recuperação enviado', {
        description: `Código enviado para seu ${metodo === 'email' ? 'email' : 'celular'}!`,
      });
    } catch (e) {
      const aguardar = segundosDeEspera(e);
      if (aguardar) espera.start(aguardar);
      const description = (isApiError(e) && e.serverMessage) || 'Erro ao enviar token. Tente novamente.';
      setErro({ title: 'Erro ao enviar código', description });
      toast.error('Erro ao enviar código', { description });
    } finally {
      enviando.current = false;
    }
  };

  const onCodigo = async (token: string) => {
    if (!enviadoPor) return;
    setErro(null);
    try {
      await validar.run({ cpf: conta.cpf, token, tipoSolicitacao: enviadoPor });
      toast.success('Código validado com sucesso');
      onValidado({ token, tipoSolicitacao: enviadoPor });
    } catch (e) {
      const description = (isApiError(e) && e.serverMessage) || 'Token inválido. Tente novamente.';
      setErro({ title: 'Código inválido', description });
      toast.error('Código inválido', { description });
    }
  };

  return (
    <div className="space-y-5">
      <StepHeading as="h2" focusOnMount={focusOnMount}>
        Receber código de recuperação
      </StepHeading>
      <ContactMethodPicker
        legend="Como você quer receber o código?"
        name="metodo-recuperacao"
        email={conta.email}
        celular={conta.celular}
        value={metodo}
        onChange={setMetodo}
      />
      <NoContactAlert email={conta.email} celular={conta.celular} />
      <div className="space-y-2">
        <Button
          block
          variant={enviadoPor ? 'outline' : 'primary'}
          disabled={!metodo || recuperar.isPending || espera.ativo}
          aria-busy={recuperar.isPending || undefined}
          aria-describedby={espera.ativo ? 'aguarde-reenvio' : undefined}
          onClick={() => void enviar()}
        >
          <Send aria-hidden="true" />
          {recuperar.isPending ? 'Enviando...' : enviadoPor ? 'Reenviar código' : 'Enviar código'}
        </Button>
        {espera.ativo ? (
          <p id="aguarde-reenvio" className="text-center text-sm text-slate-700">
            Aguarde 2 minutos para reenviar o código.{' '}
            <span className="whitespace-nowrap">Faltam {formatarContagem(espera.segundos)}.</span>
          </p>
        ) : null}
      </div>
      {erro && !enviadoPor ? (
        <Alert variant="error" title={erro.title}>
          {erro.description}
        </Alert>
      ) : null}

      {enviadoPor ? (
        <div className="space-y-4 border-t border-slate-200 pt-5">
          <p className="text-slate-700">
            Digite o código de 6 dígitos enviado{' '}
            {enviadoPor === 'email' ? `para o e-mail ${conta.email}` : `por SMS para ${conta.celular}`}.
          </p>
          <CodeForm busy={validar.isPending} disableWhenEmpty onSubmit={(c) => void onCodigo(c)} />
          {erro ? (
            <Alert variant="error" title={erro.title}>
              {erro.description}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
