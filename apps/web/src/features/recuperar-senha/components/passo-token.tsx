import { Send } from 'lucide-react';
import { useState } from 'react';
import { BackButton } from '@/components/conta/back-button';
import { CodeStep } from '@/components/conta/fluxo-do-codigo/passo-codigo';
import { ContactChoice, metodoInicial } from '@/components/conta/fluxo-do-codigo/escolha-de-contato';
import { useCodeFlow } from '@/components/conta/fluxo-do-codigo/use-fluxo-do-codigo';
import { StepHeading } from '@/components/step-heading';
import { isApiError } from '@/lib/api-client';
import type { CodeFlowTextos } from '@/lib/conta/envio-codigo';
import { recuperarSenha } from '../api/recuperar-senha';
import { validarTokenRecuperacao } from '../api/validar-token-recuperacao';
import type { CodigoValidado, ContaRecuperacao } from '../types';

const mensagemServidor = (e: unknown) => (isApiError(e) && e.serverMessage) || null;

/** docs/produto/acesso.md "Messages" and 'Success messages'. */
const TEXTOS_RECUPERACAO: CodeFlowTextos = {
  enviado: (d) => ({
    title: 'Código de recuperação enviado',
    description: `Código enviado para seu ${d.canal === 'email' ? 'email' : 'celular'}!`,
  }),
  erroEnvio: (e) => ({
    title: 'Erro ao enviar código',
    description: mensagemServidor(e) || 'Erro ao enviar token. Tente novamente.',
  }),
  validado: 'Código validado com sucesso',
  erroValidacao: (e) => ({
    title: 'Código inválido',
    description: mensagemServidor(e) || 'Token inválido. Tente novamente.',
  }),
};

interface TokenStepProps {
  conta: ContaRecuperacao;
  focusOnMount: boolean;
  onValidado: (codigo: CodigoValidado) => void;
}

/** Choose e-mail or SMS, send the code (then blocked for 2 minutes), type it and validate it. */
export function TokenStep({ conta, focusOnMount, onValidado }: TokenStepProps) {
  const [metodo, setMetodo] = useState(() => metodoInicial(conta));
  const flow = useCodeFlow({
    contatos: conta,
    textos: TEXTOS_RECUPERACAO,
    enviar: (canal) => recuperarSenha(conta.cpf, canal, conta.celular),
    validar: (canal, token) => validarTokenRecuperacao({ cpf: conta.cpf, token, tipoSolicitacao: canal }),
    onValidado: (canal, token) => onValidado({ token, tipoSolicitacao: canal }),
    exigeCodigo: true,
  });

  if (flow.fase === 'codigo') {
    return (
      <div className="space-y-5">
        <BackButton onClick={flow.voltar} />
        <StepHeading as="h2" focusOnMount={flow.mudou}>
          Código de recuperação
        </StepHeading>
        <CodeStep flow={flow} />
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <StepHeading as="h2" focusOnMount={focusOnMount || flow.mudou}>
        Receber código de recuperação
      </StepHeading>
      <ContactChoice
        flow={flow}
        contatos={conta}
        legend="Como você quer receber o código?"
        name="metodo-recuperacao"
        metodo={metodo}
        onMetodo={setMetodo}
        icon={<Send aria-hidden="true" />}
      >
        Enviar código
      </ContactChoice>
    </div>
  );
}
