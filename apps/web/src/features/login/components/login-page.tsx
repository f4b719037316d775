import { lazy, Suspense, useEffect, useState } from 'react';
import { isValidCpf, onlyDigits } from '@portal/br';
import { Link, useLocation } from 'react-router';
import { CpfForm } from '@/components/conta/cpf-form';
import { DocumentTitle } from '@/components/document-title';
import { StepHeading } from '@/components/step-heading';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type ContaVerificada, useVerificarCpf } from '@/lib/api/login/verificar-cpf';
import { cpfParaEntrar, esquecerCpfParaEntrar } from '@/lib/storage';

// Later steps are separate chunks: the first screen (CPF) stays small for slow phones.
const loadPasswordStep = () => import('./passo-senha');
const PasswordStep = lazy(() => loadPasswordStep().then((m) => ({ default: m.PasswordStep })));
const RegistrationWizard = lazy(() => import('./cadastro-wizard').then((m) => ({ default: m.RegistrationWizard })));

type Etapa = { nome: 'cpf' } | { nome: 'senha'; conta: ContaVerificada } | { nome: 'cadastro'; conta: ContaVerificada };

/** The CPF another step hands over, when it is one (anything else leaves the field empty). */
const cpfRecebido = (valor: unknown) => (typeof valor === 'string' && isValidCpf(valor) ? onlyDigits(valor) : '');

/**
 * /login (docs/produto/acesso.md, "Screens", "States"): CPF step, then the password step when the account exists and has a
 * password, otherwise the registration wizard.
 */
export function LoginPage() {
  const [etapa, setEtapa] = useState<Etapa>({ nome: 'cpf' });
  // After 'Conta Criada!' or 'Senha Alterada!' the CPF comes along in the router state; after
  // 'Trocar perfil', from this tab's storage.
  const location = useLocation();
  const [cpf, setCpf] = useState(
    () => cpfRecebido((location.state as { cpf?: unknown } | null)?.cpf) || cpfRecebido(cpfParaEntrar()),
  );
  useEffect(() => esquecerCpfParaEntrar(), []);
  const [mudouEtapa, setMudouEtapa] = useState(false);
  const verificar = useVerificarCpf();

  const irPara = (proxima: Etapa) => {
    setMudouEtapa(true);
    setEtapa(proxima);
  };

  const onCpf = async (digits: string) => {
    setCpf(digits);
    void loadPasswordStep();
    const conta = await verificar.run(digits);
    if (conta) irPara(conta.temSenha ? { nome: 'senha', conta } : { nome: 'cadastro', conta });
  };

  const voltarAoCpf = () => irPara({ nome: 'cpf' });

  return (
    <>
      <DocumentTitle title={etapa.nome === 'cadastro' ? 'Criar sua conta' : 'Entrar'} />
      <Card className="space-y-6">
        {etapa.nome === 'cpf' ? (
          <div className="space-y-5">
            <div className="space-y-1">
              <StepHeading focusOnMount={mudouEtapa}>Acesse sua conta</StepHeading>
              <p className="text-slate-700">Digite seu CPF para entrar no Portal do Beneficiário.</p>
            </div>
            <CpfForm defaultCpf={cpf} busy={verificar.isPending} onSubmit={onCpf} />
          </div>
        ) : etapa.nome === 'senha' ? (
          <Suspense fallback={<Spinner className="py-10" />}>
            <PasswordStep conta={etapa.conta} onBack={voltarAoCpf} focusOnMount={mudouEtapa} />
          </Suspense>
        ) : (
          <Suspense fallback={<Spinner className="py-10" />}>
            <RegistrationWizard conta={etapa.conta} onExit={voltarAoCpf} onDone={voltarAoCpf} />
          </Suspense>
        )}
      </Card>
      {etapa.nome === 'cpf' ? (
        <p className="mt-6 text-center text-slate-700">
          Primeiro acesso?{' '}
          <Link
            to="/cadastro"
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Criar conta
          </Link>
        </p>
      ) : null}
    </>
  );
}
