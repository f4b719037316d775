import { formatDateTime } from '@portal/br';
import type { VerificarCarteirinhaResponse } from '@portal/contract';
import { lerEntradaDeVerificacao } from '@portal/contract/carteirinha';
import { CircleAlert, CircleCheck, CircleX, Clock } from 'lucide-react';
import { type FormEvent, type Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { mensagemDoErro } from '@/lib/query-errors';
import { operadora } from '@/lib/operadora';
import { useAction } from '@/lib/use-action';
import { verificarCarteirinha } from '../api/verificar';

const TITULOS: Record<VerificarCarteirinhaResponse['situacao'], string> = {
  VALIDA: 'Carteirinha válida',
  INATIVA: 'Carteirinha sem cobertura',
  EXPIRADA: 'Código expirado',
  INVALIDA: 'Código inválido',
};

const MENSAGEM_ENTRADA = 'Digite o código de verificação de 8 letras e números (XXXX-XXXX) ou leia o QR Code.';

/**
 * /verificar-carteirinha (public, decision 0016): a clinic scans the card's QR code with a phone
 * camera (the URL brings the token after '#t=') or types the 8-character code, and sees whether
 * the card covers today and whose it is — name and plan, nothing else.
 */
export function VerificarCarteirinhaPage() {
  const idCampo = useId();
  const idErro = useId();
  const idResultado = useId();
  const resultadoRef = useRef<HTMLHeadingElement>(null);
  const [codigo, setCodigo] = useState('');
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [resultado, setResultado] = useState<VerificarCarteirinhaResponse | null>(null);
  const { run, isPending } = useAction(verificarCarteirinha);

  /** Asks the server; the answer (or why there is none) lands in state when it arrives. */
  const consultar = useCallback(
    (token: string) =>
      run(token).then(
        (r) => {
          setFalha(null);
          setErroCampo(null);
          setResultado(r);
        },
        (e: unknown) => {
          setResultado(null);
          if (isApiError(e) && e.status === 400) setErroCampo(e.serverMessage ?? MENSAGEM_ENTRADA);
          else setFalha(mensagemDoErro(e));
        },
      ),
    [run],
  );

  // A scanned QR code opens this page with the token in the fragment (or changes the fragment of
  // the page already open): checked at once, then taken off the address bar (and out of the
  // history) so it does not linger on a shared phone.
  useEffect(() => {
    const lerFragmento = () => {
      const token = /[#&]t=([\w.-]+)/.exec(window.location.hash)?.[1];
      if (!token) return;
      window.history.replaceState(null, '', window.location.pathname);
      void consultar(token);
    };
    lerFragmento();
    window.addEventListener('hashchange', lerFragmento);
    return () => window.removeEventListener('hashchange', lerFragmento);
  }, [consultar]);

  useEffect(() => {
    if (resultado || falha) resultadoRef.current?.focus();
  }, [resultado, falha]);

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setFalha(null);
    setResultado(null);
    const token = lerEntradaDeVerificacao(codigo);
    setErroCampo(token ? null : MENSAGEM_ENTRADA);
    if (token) void consultar(token);
  };

  return (
    <div className="space-y-6">
      <DocumentTitle title="Verificar carteirinha" />
      <header className="space-y-2">
        <h1 tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Verificar carteirinha
        </h1>
        <p className="text-slate-700">
          Para clínicas, hospitais e laboratórios: leia o QR Code da carteirinha digital do beneficiário com a câmera do
          celular, ou digite o código de verificação mostrado ao lado dele.
        </p>
      </header>

      <form
        onSubmit={enviar}
        noValidate
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <Label htmlFor={idCampo}>Código de verificação</Label>
        <Input
          id={idCampo}
          value={codigo}
          onChange={(e) => setCodigo(e.target.value)}
          placeholder="XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={1024}
          aria-invalid={erroCampo ? true : undefined}
          aria-describedby={erroCampo ? idErro : undefined}
          className="font-mono text-lg tracking-wider"
        />
        {erroCampo ? (
          <p id={idErro} className="text-[15px] font-medium text-red-800">
            {erroCampo}
          </p>
        ) : null}
        <Button type="submit" block disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? 'Verificando...' : 'Verificar'}
        </Button>
      </form>

      <div aria-live="polite">
        {falha ? (
          <Alert variant="error" title="Não foi possível verificar">
            <h2 ref={resultadoRef} tabIndex={-1} className="sr-only">
              Não foi possível verificar
            </h2>
            {falha}
          </Alert>
        ) : resultado ? (
          <Resultado r={resultado} idTitulo={idResultado} tituloRef={resultadoRef} />
        ) : null}
      </div>
    </div>
  );
}

function Resultado({
  r,
  idTitulo,
  tituloRef,
}: {
  r: VerificarCarteirinhaResponse;
  idTitulo: string;
  tituloRef: Ref<HTMLHeadingElement>;
}) {
  const valida = r.situacao === 'VALIDA';
  const Icone = valida
    ? CircleCheck
    : r.situacao === 'EXPIRADA'
      ? Clock
      : r.situacao === 'INATIVA'
        ? CircleAlert
        : CircleX;
  const b = r.beneficiario;
  return (
    <section
      aria-labelledby={idTitulo}
      data-situacao={r.situacao}
      className={cn(
        'rounded-2xl border-2 p-5',
        valida ? 'border-emerald-600 bg-emerald-50 text-emerald-950' : 'border-red-600 bg-red-50 text-red-950',
        r.situacao === 'EXPIRADA' && 'border-amber-600 bg-amber-50 text-amber-950',
      )}
    >
      <div className="flex items-start gap-3">
        <Icone aria-hidden="true" className="mt-0.5 size-8 shrink-0" />
        <div className="space-y-1">
          <h2 id={idTitulo} ref={tituloRef} tabIndex={-1} className="text-xl font-bold">
            {TITULOS[r.situacao]}
          </h2>
          <p>{r.mensagem}</p>
        </div>
      </div>
      {b ? (
        <dl className="mt-4 space-y-2 border-t border-current/20 pt-4">
          <div>
            <dt className="text-sm">Beneficiário</dt>
            <dd className="text-lg font-semibold">{b.nomeSocial ?? b.nome}</dd>
            {b.nomeSocial ? <dd className="text-[15px]">Nome civil: {b.nome}</dd> : null}
          </div>
          <div>
            <dt className="text-sm">Plano</dt>
            <dd className="font-semibold">{b.plano}</dd>
            {b.registroAnsPlano ? (
              <dd className="text-[15px]">Registro ANS do produto nº {b.registroAnsPlano}</dd>
            ) : null}
          </div>
          <div>
            <dt className="text-sm">Operadora</dt>
            <dd className="font-semibold">
              {operadora().nome} · ANS nº {operadora().registroAns}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="mt-4 text-sm">Verificado em {formatDateTime(r.verificadoEm)}.</p>
    </section>
  );
}
