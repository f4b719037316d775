import { SuccessPanel } from '@/components/conta/passo-sucesso';
import { UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CpfForm } from '@/components/conta/cpf-form';
import { LoginLink } from '@/components/conta/login-link';
import { NewPasswordForm } from '@/components/conta/nova-senha-form';
import { DocumentTitle } from '@/components/document-title';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StepIndicator } from '@/components/ui/step-indicator';
import { useCadastrarSenha } from '@/lib/api/registro/cadastrar-senha';
import { type CodigoPendente, codigoPendente, esquecerCodigoPendente } from '@/lib/conta/codigo-pendente';
import type { Mensagem } from '@/lib/conta/mensagens';
import { avisoPlanoCancelado } from '@/lib/conta/plano-cancelado';
import { mensagemErroRegistro } from '@/lib/conta/registro-erros';
import { type ContaVerificada, useVerificarCpf } from '@/lib/api/login/verificar-cpf';
import { tabStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { ContactsStep } from './passo-contatos';

type Etapa =
  | { nome: 'verificar' }
  /** A reload during the code step: the CPF is checked again before the step comes back. */
  | { nome: 'retomando'; pendente: CodigoPendente }
  | { nome: 'contatos'; conta: ContaVerificada; retomar?: CodigoPendente }
  | { nome: 'senha'; conta: ContaVerificada }
  | { nome: 'sucesso'; cpf: string; dataCancelamento?: string }
  | { nome: 'existe'; conta: ContaVerificada };

const PASSOS = ['CPF', 'Contatos', 'Senha'] as const;
const PASSO: Record<Etapa['nome'], number> = {
  verificar: 0,
  retomando: 1,
  contatos: 1,
  senha: 2,
  sucesso: 3,
  existe: 0,
};

/**
 * /cadastro 'Criar nova conta': verify → contacts (code) → password → 'Conta Criada!'.
 * An account without a password also goes through contacts: a password needs a confirmed code (0002).
 */
export function CadastroPage() {
  // A code sent before a reload of this tab, while it may still be typed (issue 31).
  const [etapa, setEtapa] = useState<Etapa>(() => {
    const pendente = codigoPendente(tabStorage(), Date.now());
    return pendente ? { nome: 'retomando', pendente } : { nome: 'verificar' };
  });
  const [mudou, setMudou] = useState(false);
  const [erro, setErro] = useState<Mensagem | null>(null);
  const verificar = useVerificarCpf();
  const cadastrarSenha = useCadastrarSenha();

  const retomando = etapa.nome === 'retomando' ? etapa.pendente : null;
  const verificarCpf = verificar.run;
  useEffect(() => {
    if (!retomando) return;
    let vigente = true;
    void verificarCpf(retomando.cpf).then((conta) => {
      if (!vigente) return;
      if (conta && !conta.temSenha) {
        setEtapa({ nome: 'contatos', conta, retomar: retomando });
        return;
      }
      // The account has a password by now, or the CPF check failed (its toast says why).
      esquecerCodigoPendente(tabStorage());
      setEtapa(conta ? { nome: 'existe', conta } : { nome: 'verificar' });
    });
    return () => {
      vigente = false;
    };
  }, [retomando, verificarCpf]);

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

        {etapa.nome === 'retomando' ? <Spinner className="py-8" label="Retomando o código de verificação..." /> : null}

        {etapa.nome === 'contatos' ? (
          <ContactsStep
            conta={etapa.conta}
            retomar={etapa.retomar}
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
