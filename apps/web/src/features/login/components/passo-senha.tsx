import { zodResolver } from '@hookform/resolvers/zod';
import { senhaLoginFormSchema, type PerfilConta, type SenhaLoginForm } from '@portal/contract';
import { firstName } from '@portal/br';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { BackButton } from '@/components/conta/back-button';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { erroDoCampo } from '@/lib/conta/erro-do-campo';
import type { Mensagem } from '@/lib/conta/mensagens';
import { operadora } from '@/lib/operadora';
import { buildUsuario, isAutenticacaoOk } from '@/lib/sessao';
import { useSession } from '@/lib/sessao-context';
import { useAutenticar } from '../api/autenticar';
import { CREDENCIAIS_INVALIDAS, mensagemErroLogin, SENHA_INCORRETA } from '../api/erros-de-login';
import { usePerfisDaConta } from '../api/perfis-da-conta';
import type { ContaVerificada } from '@/lib/api/login/verificar-cpf';

const loadProfilesDialog = () => import('./perfis-dialog');
const ProfilesDialog = lazy(() => loadProfilesDialog().then((m) => ({ default: m.ProfilesDialog })));

interface PasswordStepProps {
  conta: ContaVerificada;
  onBack: () => void;
  focusOnMount: boolean;
}

export function PasswordStep({ conta, onBack, focusOnMount }: PasswordStepProps) {
  const navigate = useNavigate();
  const { login } = useSession();
  const perfisDaConta = usePerfisDaConta();
  const autenticar = useAutenticar();
  const [perfis, setPerfis] = useState<PerfilConta[] | null>(null);
  const [senhaEscolha, setSenhaEscolha] = useState('');
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<SenhaLoginForm>({ resolver: zodResolver(senhaLoginFormSchema), defaultValues: { senha: '' } });

  // Members with several profiles need the dialog: fetch its code while they type.
  useEffect(() => {
    void loadProfilesDialog();
  }, []);

  /** docs/produto/acesso.md "Messages" toast says it (and only it: decision 0031); the member is back in the password field. */
  const falhar = (m: Mensagem) => {
    toast.error(m.title, { description: m.description });
    setFocus('senha', { shouldSelect: true });
  };

  const entrarCom = async (perfil: PerfilConta, senha: string) => {
    const res = await autenticar.run({
      codigoPlano: perfil.codigoPlano,
      codigoContrato: perfil.codigoContrato,
      cpf: conta.cpf,
      senha,
    });
    if (!isAutenticacaoOk(res)) {
      falhar(SENHA_INCORRETA);
      return;
    }
    const usuario = buildUsuario(res, conta.cpf);
    login(usuario);
    toast.success('Login realizado com sucesso', { description: `Bem-vindo, ${firstName(usuario.nome)}` });
    // A push, not a replace: Back then lands on /login, which sends a logged-in member to /Home.
    navigate('/Home');
  };

  // A double click must not send the password twice (the state-driven disable may lag a frame).
  const emAndamento = useRef(false);

  const onSubmit = async ({ senha }: { senha: string }) => {
    if (emAndamento.current) return;
    emAndamento.current = true;
    try {
      const lista = await perfisDaConta.run(conta.cpf, senha);
      if (!Array.isArray(lista) || lista.length === 0) {
        falhar(CREDENCIAIS_INVALIDAS);
        return;
      }
      if (lista.length === 1 && lista[0]) {
        await entrarCom(lista[0], senha);
        return;
      }
      setSenhaEscolha(senha);
      setPerfis(lista);
    } catch (e) {
      falhar(mensagemErroLogin(e));
    } finally {
      emAndamento.current = false;
    }
  };

  const onEscolher = async (perfil: PerfilConta) => {
    try {
      await entrarCom(perfil, senhaEscolha);
    } catch (e) {
      falhar(mensagemErroLogin(e));
      setPerfis(null);
      setSenhaEscolha('');
    }
  };

  const busy = perfisDaConta.isPending || autenticar.isPending;

  return (
    <div className="space-y-5">
      <BackButton onClick={onBack} />
      <div className="space-y-1">
        <StepHeading focusOnMount={focusOnMount}>Olá, {firstName(conta.nome) || 'beneficiário'}!</StepHeading>
        <p className="text-slate-700">Digite sua senha para entrar.</p>
      </div>
      <Alert variant="info">Use a mesma senha do aplicativo {operadora().nome} no celular.</Alert>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-5">
        <input type="text" name="username" autoComplete="username" value={conta.cpf} readOnly hidden />
        <FormField label="Senha" error={erroDoCampo(errors.senha?.message)}>
          {(c) => <PasswordInput {...c} {...register('senha')} autoComplete="current-password" />}
        </FormField>
        <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
      <p className="text-center">
        <Link
          to="/recuperar-senha"
          state={{ cpf: conta.cpf, email: conta.email, celular: conta.celular, nome: conta.nome }}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Esqueceu sua senha?
        </Link>
      </p>
      {perfis ? (
        <Suspense fallback={null}>
          <ProfilesDialog perfis={perfis} busy={autenticar.isPending} onEscolher={onEscolher} onVoltar={onBack} />
        </Suspense>
      ) : null}
    </div>
  );
}
