import type { EntrarEquipeResponse } from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { QrSvg } from '@/components/qr-svg';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { operadora } from '@/lib/operadora';
import { confirmarTotp, definirSenha, entrar } from '../api/entrar';
import { CampoCodigoTotp, CamposDaNovaSenha, problemaDaNovaSenha, SENHA_MINIMA } from '../components/campos-de-senha';
import { mensagemDeErro } from '../lib/cliente';
import { destinoDepoisDeEntrar as destino } from '../lib/destino';
import { useSessaoEquipe } from '../lib/sessao';

type Etapa =
  | { tipo: 'credenciais' }
  | { tipo: 'codigo'; cadastro: Extract<EntrarEquipeResponse, { etapa: 'cadastrar-totp' }> | null }
  | { tipo: 'senha' };

/**
 * /atendimento/entrar: e-mail and password, then the authenticator's code (enrolled the first time),
 * then — while the password is the one-time one the CLI printed — a password of the person's own.
 */
export function EntrarPage() {
  const { estado, entrou } = useSessaoEquipe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [etapa, setEtapa] = useState<Etapa>({ tipo: 'credenciais' });
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [codigo, setCodigo] = useState('');
  const [novaSenha, setNovaSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const aviso =
    (location.state as { aviso?: string } | null)?.aviso ?? (estado.tipo === 'fora' ? estado.aviso : undefined);

  useEffect(() => {
    if (etapa.tipo !== 'credenciais') tituloRef.current?.focus();
  }, [etapa]);

  if (estado.tipo === 'dentro') return <Navigate to={destino(params.get('voltar'))} replace />;

  async function enviarCredenciais(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !senha) return setErro('Informe o e-mail e a senha.');
    setEnviando(true);
    setErro(null);
    try {
      const r = await entrar({ email, senha });
      setSenha('');
      setEtapa({ tipo: 'codigo', cadastro: r.etapa === 'cadastrar-totp' ? r : null });
    } catch (err) {
      setErro(mensagemDeErro(err));
    } finally {
      setEnviando(false);
    }
  }

  async function enviarCodigo(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(codigo)) return setErro('O código deve ter 6 dígitos.');
    setEnviando(true);
    setErro(null);
    try {
      const r = await confirmarTotp({ codigo });
      if ('etapa' in r) {
        setCodigo('');
        setEtapa({ tipo: 'senha' });
        return;
      }
      entrou(r);
      void navigate(destino(params.get('voltar')), { replace: true });
    } catch (err) {
      setCodigo('');
      setErro(mensagemDeErro(err));
    } finally {
      setEnviando(false);
    }
  }

  async function enviarSenha(e: FormEvent) {
    e.preventDefault();
    const problema = problemaDaNovaSenha(novaSenha, confirmacao);
    if (problema) return setErro(problema);
    setEnviando(true);
    setErro(null);
    try {
      const r = await definirSenha({ senha: novaSenha });
      entrou(r);
      void navigate(destino(params.get('voltar')), { replace: true });
    } catch (err) {
      setErro(mensagemDeErro(err));
    } finally {
      setEnviando(false);
    }
  }

  function voltarAoInicio() {
    setEtapa({ tipo: 'credenciais' });
    setErro(null);
    setCodigo('');
    setNovaSenha('');
    setConfirmacao('');
  }

  const titulo =
    etapa.tipo === 'credenciais'
      ? 'Entrar no console de atendimento'
      : etapa.tipo === 'senha'
        ? 'Defina sua senha'
        : etapa.cadastro
          ? 'Cadastre o autenticador'
          : 'Código do autenticador';

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-10">
      <title>{`${titulo} — Atendimento — ${operadora().nome}`}</title>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <img src={operadora().logo} alt={operadora().nome} className="mb-6 h-10 w-auto" />
        <h1 ref={tituloRef} tabIndex={-1} className="mb-4 text-2xl font-bold text-slate-900">
          {titulo}
        </h1>
        {aviso && etapa.tipo === 'credenciais' && !erro ? (
          <Alert variant="warning" className="mb-4">
            {aviso}
          </Alert>
        ) : null}
        {erro ? (
          <Alert variant="error" className="mb-4">
            {erro}
          </Alert>
        ) : null}

        {etapa.tipo === 'credenciais' ? (
          <form onSubmit={(e) => void enviarCredenciais(e)} className="space-y-4" noValidate>
            <FormField label="E-mail">
              {(c) => (
                <Input
                  {...c}
                  type="email"
                  name="email"
                  autoComplete="username"
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </FormField>
            <FormField label="Senha">
              {(c) => (
                <PasswordInput
                  {...c}
                  name="senha"
                  autoComplete="current-password"
                  value={senha}
                  onChange={(e) => setSenha(e.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" block disabled={enviando}>
              {enviando ? 'Entrando…' : 'Entrar'}
            </Button>
          </form>
        ) : etapa.tipo === 'senha' ? (
          <form onSubmit={(e) => void enviarSenha(e)} className="space-y-4" noValidate>
            <p>
              A senha que você recebeu é provisória. Escolha uma senha só sua, com pelo menos {SENHA_MINIMA} caracteres
              — uma frase fácil de lembrar serve bem. A provisória deixa de valer.
            </p>
            <CamposDaNovaSenha
              novaSenha={novaSenha}
              confirmacao={confirmacao}
              aoMudarNovaSenha={setNovaSenha}
              aoMudarConfirmacao={setConfirmacao}
              autoFocus
            />
            <Button type="submit" block disabled={enviando}>
              {enviando ? 'Salvando…' : 'Salvar senha e entrar'}
            </Button>
            <Button variant="link" onClick={voltarAoInicio}>
              Voltar e usar outra conta
            </Button>
          </form>
        ) : (
          <form onSubmit={(e) => void enviarCodigo(e)} className="space-y-4" noValidate>
            {etapa.cadastro ? (
              <div className="space-y-3">
                <p>
                  Este é o seu primeiro acesso. No aplicativo autenticador do celular (Google Authenticator, Microsoft
                  Authenticator, FreeOTP…), leia o QR code abaixo ou digite a chave.
                </p>
                <QrSvg
                  texto={etapa.cadastro.otpauthUri}
                  rotulo="QR code para cadastrar o console de atendimento no aplicativo autenticador"
                  className="mx-auto size-56"
                />
                <p>
                  Chave para digitar:{' '}
                  <code data-testid="segredo-totp" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono">
                    {etapa.cadastro.segredo.replace(/(.{4})(?=.)/g, '$1 ')}
                  </code>
                </p>
                <p>Depois, digite o código de 6 dígitos que o aplicativo mostrar.</p>
              </div>
            ) : (
              <p>Digite o código de 6 dígitos do seu aplicativo autenticador.</p>
            )}
            <CampoCodigoTotp valor={codigo} aoMudar={setCodigo} autoFocus />
            <Button type="submit" block disabled={enviando}>
              {enviando ? 'Confirmando…' : 'Confirmar'}
            </Button>
            <Button variant="link" onClick={voltarAoInicio}>
              Voltar e usar outra conta
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
