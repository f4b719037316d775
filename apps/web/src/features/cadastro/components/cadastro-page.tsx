import { SuccessPanel } from '@/components/account/success-panel';
import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CpfForm } from '@/components/account/cpf-form';
import { LoginLink } from '@/components/account/login-link';
import { NewPasswordForm } from '@/components/account/new-password-form';
import { DocumentTitle } from '@/components/document-title';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StepIndicator } from '@/components/ui/step-indicator';
import { useCadastrarSenha } from '@/lib/api/registro/cadastrar-senha';
import type { Mensagem } from '@/lib/account/messages';
import { avisoPlanoCancelado } from '@/lib/account/plano-cancelado';
import { mensagemErroRegistro } from '@/lib/account/registro-erros';
import { type ContaVerificada, useVerificarCpf } from '@/lib/api/login/verificar-cpf';
import { toast } from '@/lib/toast';
import { ContactsStep } from './contacts-step';

type Etapa =
  | { nome: 'verificar' }
  | { nome: 'contatos'; conta: ContaVerificada }
  | { nome: 'senha'; conta: ContaVerificada }
  | { nome: 'sucesso'; cpf: string; dataCancelamento?: string }
  | { nome: 'existe'; conta: ContaVerificada };

const PASSOS = ['CPF', 'Contatos', 'Senha'] as const;
const PASSO: Record<Etapa['nome'], number> = { verificar: 0, contatos: 1, senha: 2, sucesso: 3, existe: 0 };

/**
 * /cadastro 'Criar nova conta': verify → contacts (code) → password → 'Conta Criada!'.
 * An account without a password also goes through contacts: a password needs a confirmed code (0002).
 */
export function CadastroPage() {
  const [etapa, setEtapa] = useState<Etapa>({ nome: 'verificar' });
  const [mudou, setMudou] = useState(false);
  const [erro, setErro] = useState<Mensagem | null>(null);
  const verificar = useVerificarCpf();
  const cadastrarSenha = useCadastrarSenha();

  const irPara = (e: Etapa) => {
    setMudou(true);
    setErro(null);
    setEtapa(e);
  };

  const onCpf = async (cpf: string) => {
    const conta = await verificar.run(cpf);
    if (conta) irPara(conta.temSenha ? { nome: 'existe', conta } : { nome: 'contatos', conta });
  };

  const criarSenha = async (cpf: string, senha: string) => {
    setErro(null);
    try {
      const r = await cadastrarSenha.run({ cpf, senha });
      toast.success('Conta criada com sucesso');
      irPara({ nome: 'sucesso', cpf, dataCancelamento: r.dataCancelamento });
    } catch (e) {
      setErro(mensagemErroRegistro(e));
    }
  };

  return (
    <>
      <DocumentTitle title="Criar nova conta" />
      <Card className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Criar nova conta</h1>
          {etapa.nome === 'verificar' ? (
            <p className="text-slate-700">Para começar, informe o CPF do beneficiário.</p>
          ) : null}
        </div>
        {etapa.nome !== 'existe' ? <StepIndicator steps={PASSOS} current={PASSO[etapa.nome]} /> : null}

        {etapa.nome === 'verificar' ? <CpfForm busy={verificar.isPending} onSubmit={onCpf} /> : null}

        {etapa.nome === 'contatos' ? (
          <ContactsStep
            conta={etapa.conta}
            focusOnMount={mudou}
            onVoltar={() => irPara({ nome: 'verificar' })}
            onVerificado={() => irPara({ nome: 'senha', conta: etapa.conta })}
          />
        ) : null}

        {etapa.nome === 'senha' ? (
          <div className="space-y-5">
            <StepHeading as="h2" focusOnMount={mudou}>
              Crie sua senha
            </StepHeading>
            <p className="text-slate-700">Ela vale para o portal e para o aplicativo.</p>
            <NewPasswordForm
              busy={cadastrarSenha.isPending}
              busyLabel="Criando conta..."
              submitLabel="Criar Conta"
              onSubmit={({ senha }) => void criarSenha(etapa.conta.cpf, senha)}
            />
            {erro ? (
              <Alert variant="error" title={erro.title}>
                {erro.description}
              </Alert>
            ) : null}
          </div>
        ) : null}

        {etapa.nome === 'sucesso' ? (
          <div className="space-y-5">
            <SuccessPanel
              title="Conta Criada!"
              linkTo="/login"
              linkLabel="Fazer Login"
              linkState={{ cpf: etapa.cpf }}
              focusOnMount={mudou}
            >
              Sua conta está pronta. Entre com seu CPF e a senha que você acabou de criar.
            </SuccessPanel>
            {etapa.dataCancelamento ? <AvisoCancelado dataCancelamento={etapa.dataCancelamento} /> : null}
          </div>
        ) : null}

        {etapa.nome === 'existe' ? (
          <div className="space-y-5">
            <UserCheck aria-hidden="true" className="size-12 text-brand-700" />
            <StepHeading as="h2" focusOnMount={mudou}>
              Conta já existe
            </StepHeading>
            <p className="text-slate-700">
              Este CPF já tem conta e senha no Portal do Beneficiário. Entre com sua senha ou recupere-a.
            </p>
            <div className="grid gap-3">
              <Link to="/login" state={{ cpf: etapa.conta.cpf }} className={buttonVariants({ block: true })}>
                Entrar
              </Link>
              <Link
                to="/recuperar-senha"
                state={{
                  cpf: etapa.conta.cpf,
                  email: etapa.conta.email,
                  celular: etapa.conta.celular,
                  nome: etapa.conta.nome,
                }}
                className={buttonVariants({ variant: 'outline', block: true })}
              >
                Esqueci minha senha
              </Link>
            </div>
          </div>
        ) : null}
      </Card>
      <LoginLink />
    </>
  );
}

/** A former member's account (decision 0018): the plan was cancelled, and what they still reach. */
function AvisoCancelado({ dataCancelamento }: { dataCancelamento: string }) {
  const aviso = avisoPlanoCancelado(dataCancelamento);
  return (
    <Alert variant="warning" title={aviso.title}>
      {aviso.description}
    </Alert>
  );
}
