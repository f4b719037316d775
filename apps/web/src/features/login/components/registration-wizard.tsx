import { NoContactAlert } from '@/components/account/no-contact-alert';
import { firstName } from '@portal/br';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { CodeForm } from '@/components/account/code-form';
import { ContactMethodPicker, type MetodoContato } from '@/components/account/contact-method-picker';
import { NewPasswordForm } from '@/components/account/new-password-form';
import { ResendSms } from '@/components/account/resend-sms';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StepIndicator } from '@/components/ui/step-indicator';
import { useCadastrarCelular } from '@/lib/account/cadastrar-celular';
import { useCadastrarEmail } from '@/lib/account/cadastrar-email';
import { useCadastrarSenha } from '@/lib/account/cadastrar-senha';
import { useConfirmarCelular } from '@/lib/account/confirmar-celular';
import { useConfirmarEmail } from '@/lib/account/confirmar-email';
import { useCriarConta } from '@/lib/account/criar-conta';
import type { Mensagem } from '@/lib/account/messages';
import { mensagemErroRegistro, segundosDeEspera } from '@/lib/account/registro-erros';
import { LIMITES_WEB } from '@/lib/config';
import { useCountdown } from '@/lib/use-countdown';
import type { ContaVerificada } from './login-page';

const ETAPAS = ['Contato', 'Verificação', 'Senha'] as const;

interface RegistrationWizardProps {
  conta: ContaVerificada;
  /** Back from Contato or Senha leaves the wizard (spec 4). */
  onExit: () => void;
  /** After 'Conta criada com sucesso', back to the CPF step. */
  onDone: () => void;
}

/**
 * Registration inside the login flow. The member only knows the masked contacts, and the server
 * accepts the masked form (0002), so that is what we send. Errors are shown in the step: the
 * member must know why nothing happened.
 */
export function RegistrationWizard({ conta, onExit, onDone }: RegistrationWizardProps) {
  const [etapa, setEtapa] = useState(0);
  const [metodo, setMetodo] = useState<MetodoContato | null>(conta.email ? 'email' : conta.celular ? 'celular' : null);
  const [enviadoPara, setEnviadoPara] = useState<MetodoContato | null>(null);
  const [erro, setErro] = useState<Mensagem | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [mudou, setMudou] = useState(false);
  const reenvio = useCountdown();

  const criarConta = useCriarConta();
  const cadastrarEmail = useCadastrarEmail();
  const cadastrarCelular = useCadastrarCelular();
  const confirmarEmail = useConfirmarEmail();
  const confirmarCelular = useConfirmarCelular();
  const cadastrarSenha = useCadastrarSenha();

  const irPara = (n: number) => {
    setMudou(true);
    setErro(null);
    setEtapa(n);
  };

  const falhar = (e: unknown) => setErro(mensagemErroRegistro(e));

  const enviarCodigo = async () => {
    if (!metodo) return;
    setErro(null);
    setAviso(null);
    try {
      await criarConta.run(conta.cpf);
      if (metodo === 'email') await cadastrarEmail.run({ cpf: conta.cpf, email: conta.email });
      else await cadastrarCelular.run({ cpf: conta.cpf, celular: conta.celular });
      setEnviadoPara(metodo);
      reenvio.start(LIMITES_WEB.reenvioCodigoSegundos);
      toast.success('Código de verificação enviado', {
        description:
          metodo === 'email'
            ? `Enviamos o código para o e-mail ${conta.email}.`
            : `Enviamos o código por SMS para ${conta.celular}.`,
      });
      irPara(1);
    } catch (e) {
      const espera = segundosDeEspera(e);
      // A code was already sent to this contact a moment ago: it is still valid, go type it.
      if (espera !== null && enviadoPara === metodo) {
        reenvio.start(espera);
        irPara(1);
        setAviso('O código enviado há pouco continua válido. Digite-o abaixo.');
        return;
      }
      falhar(e);
    }
  };

  const validar = async (codigo: string) => {
    setErro(null);
    try {
      if (enviadoPara === 'email') await confirmarEmail.run({ cpf: conta.cpf, email: conta.email, tokenEmail: codigo });
      else await confirmarCelular.run({ cpf: conta.cpf, celular: conta.celular, tokenSMS: codigo });
      toast.success('Verificação realizada com sucesso');
      irPara(2);
    } catch (e) {
      falhar(e);
    }
  };

  const criarSenha = async ({ senha }: { senha: string }) => {
    setErro(null);
    try {
      await cadastrarSenha.run({ cpf: conta.cpf, senha });
      toast.success('Conta criada com sucesso', { description: 'Agora entre com o seu CPF e a nova senha.' });
      onDone();
    } catch (e) {
      falhar(e);
    }
  };

  const voltar = () => (etapa === 1 ? irPara(0) : onExit());
  const enviando = criarConta.isPending || cadastrarEmail.isPending || cadastrarCelular.isPending;

  return (
    <div className="space-y-5">
      <Button variant="ghost" size="sm" onClick={voltar} className="-ml-2">
        <ArrowLeft aria-hidden="true" />
        Voltar
      </Button>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Criar sua conta</h1>
        <p className="text-slate-700">
          {firstName(conta.nome) ? `${firstName(conta.nome)}, você` : 'Você'} ainda não tem senha no portal. Vamos criar
          em três passos.
        </p>
      </div>
      <StepIndicator steps={ETAPAS} current={etapa} />
      <StepHeading as="h2" key={etapa} focusOnMount={mudou}>
        {ETAPAS[etapa]}
      </StepHeading>

      {etapa === 0 ? (
        <div className="space-y-5">
          <ContactMethodPicker
            legend="Onde você quer receber o código de verificação?"
            name="metodo-cadastro"
            email={conta.email}
            celular={conta.celular}
            value={metodo}
            onChange={setMetodo}
          />
          <NoContactAlert email={conta.email} celular={conta.celular} />
          {erro ? (
            <Alert variant="error" title={erro.title}>
              {erro.description}
            </Alert>
          ) : null}
          <Button block disabled={!metodo || enviando} aria-busy={enviando || undefined} onClick={enviarCodigo}>
            {enviando ? 'Enviando...' : 'Continuar'}
          </Button>
        </div>
      ) : null}

      {etapa === 1 ? (
        <div className="space-y-5">
          <p className="text-slate-700">
            Digite o código de 6 dígitos enviado para{' '}
            {enviadoPara === 'email' ? `o e-mail ${conta.email}` : `o celular ${conta.celular}`}.
          </p>
          {aviso ? <Alert variant="info">{aviso}</Alert> : null}
          <CodeForm busy={confirmarEmail.isPending || confirmarCelular.isPending} onSubmit={validar} />
          {erro ? (
            <Alert variant="error" title={erro.title}>
              {erro.description}
            </Alert>
          ) : null}
          {enviadoPara === 'celular' ? <ResendSms cpf={conta.cpf} countdown={reenvio} /> : null}
        </div>
      ) : null}

      {etapa === 2 ? (
        <div className="space-y-5">
          <p className="text-slate-700">Crie uma senha para entrar no portal e no aplicativo.</p>
          <NewPasswordForm
            busy={cadastrarSenha.isPending}
            busyLabel="Criando conta..."
            submitLabel="Criar Conta"
            onSubmit={criarSenha}
          />
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
