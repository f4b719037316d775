import { firstName } from '@portal/br';
import { useState } from 'react';
import { BackButton } from '@/components/conta/back-button';
import { CodeStep } from '@/components/conta/fluxo-do-codigo/passo-codigo';
import { ContactChoice, metodoInicial } from '@/components/conta/fluxo-do-codigo/escolha-de-contato';
import { useCodeFlow } from '@/components/conta/fluxo-do-codigo/use-fluxo-do-codigo';
import { NewPasswordForm } from '@/components/conta/nova-senha-form';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { StepIndicator } from '@/components/ui/step-indicator';
import { cadastrarCelular } from '@/lib/api/registro/cadastrar-celular';
import { cadastrarEmail } from '@/lib/api/registro/cadastrar-email';
import { useCadastrarSenha } from '@/lib/api/registro/cadastrar-senha';
import { confirmarCelular } from '@/lib/api/registro/confirmar-celular';
import { confirmarEmail } from '@/lib/api/registro/confirmar-email';
import { criarConta } from '@/lib/api/registro/criar-conta';
import { reenvioRegistro } from '@/lib/api/registro/reenviar-sms';
import type { Mensagem } from '@/lib/conta/mensagens';
import { avisoPlanoCancelado } from '@/lib/conta/plano-cancelado';
import { TEXTOS_REGISTRO } from '@/lib/conta/registro-codigo';
import { mensagemErroRegistro } from '@/lib/conta/registro-erros';
import { toast } from '@/lib/toast';
import type { ContaVerificada } from '@/lib/api/login/verificar-cpf';

const ETAPAS = ['Contato', 'Verificação', 'Senha'] as const;

interface RegistrationWizardProps {
  conta: ContaVerificada;
  /** Back from Contato or Senha leaves the wizard (docs/produto/acesso.md, "States"). */
  onExit: () => void;
  /** After 'Conta criada com sucesso', back to the CPF step. */
  onDone: () => void;
}

/**
 * Registration inside the login flow. The member only knows the masked contacts, and the server
 * accepts the masked form (0002), so that is what we send. docs/produto/acesso.md "Messages": the wizard's steps only log
 * errors, so they are shown in the step itself and never as toasts (the member must still know
 * why nothing happened); the success toasts of docs/produto/acesso.md "Messages" stay.
 */
export function RegistrationWizard({ conta, onExit, onDone }: RegistrationWizardProps) {
  const [metodo, setMetodo] = useState(() => metodoInicial(conta));
  const [verificado, setVerificado] = useState(false);
  const [erroSenha, setErroSenha] = useState<Mensagem | null>(null);
  const cadastrarSenha = useCadastrarSenha();

  const flow = useCodeFlow({
    contatos: conta,
    textos: TEXTOS_REGISTRO,
    enviar: async (canal) => {
      await criarConta(conta.cpf);
      if (canal === 'email') await cadastrarEmail({ cpf: conta.cpf, email: conta.email });
      else await cadastrarCelular({ cpf: conta.cpf, celular: conta.celular });
    },
    reenvio: reenvioRegistro(conta.cpf),
    validar: (canal, codigo) =>
      canal === 'email'
        ? confirmarEmail({ cpf: conta.cpf, email: conta.email, tokenEmail: codigo })
        : confirmarCelular({ cpf: conta.cpf, celular: conta.celular, tokenSMS: codigo }),
    onValidado: () => setVerificado(true),
    errosEmToast: false,
  });

  const etapa = verificado ? 2 : flow.fase === 'codigo' ? 1 : 0;

  const criarSenha = async ({ senha }: { senha: string }) => {
    setErroSenha(null);
    try {
      const r = await cadastrarSenha.run({ cpf: conta.cpf, senha });
      toast.success('Conta criada com sucesso', { description: 'Agora entre com o seu CPF e a nova senha.' });
      // A former member (decision 0018) is told the plan was cancelled and what they still reach.
      if (r.dataCancelamento) {
        const aviso = avisoPlanoCancelado(r.dataCancelamento);
        toast.warning(aviso.title, { description: aviso.description });
      }
      onDone();
    } catch (e) {
      setErroSenha(mensagemErroRegistro(e));
    }
  };

  const voltar = () => (etapa === 1 ? flow.voltar() : onExit());

  return (
    <div className="space-y-5">
      <BackButton onClick={voltar} />
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Criar sua conta</h1>
        <p className="text-slate-700">
          {firstName(conta.nome) ? `${firstName(conta.nome)}, você` : 'Você'} ainda não tem senha no portal. Vamos criar
          em três passos.
        </p>
      </div>
      <StepIndicator steps={ETAPAS} current={etapa} />
      <StepHeading as="h2" key={etapa} focusOnMount={flow.mudou}>
        {ETAPAS[etapa]}
      </StepHeading>

      {etapa === 0 ? (
        <div className="space-y-5">
          <ContactChoice
            flow={flow}
            contatos={conta}
            legend="Onde você quer receber o código de verificação?"
            name="metodo-cadastro"
            metodo={metodo}
            onMetodo={setMetodo}
          >
            Continuar
          </ContactChoice>
        </div>
      ) : null}

      {etapa === 1 ? <CodeStep flow={flow} /> : null}

      {etapa === 2 ? (
        <div className="space-y-5">
          <p className="text-slate-700">Crie uma senha para entrar no portal e no aplicativo.</p>
          <NewPasswordForm
            busy={cadastrarSenha.isPending}
            busyLabel="Criando conta..."
            submitLabel="Criar Conta"
            onSubmit={criarSenha}
          />
          {erroSenha ? (
            <Alert variant="error" title={erroSenha.title}>
              {erroSenha.description}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
