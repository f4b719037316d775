import { formatDate } from '@portal/br';
import type { ProtocoloResumo } from '@portal/contract';
import {
  formatarNumeroProtocolo,
  MENSAGEM_PROTOCOLO_INVALIDO,
  normalizarNumeroProtocolo,
  ROTULOS_TIPO_PROTOCOLO,
} from '@portal/contract/protocolos';
import { ChevronLeft, ChevronRight, ChevronRightCircle, Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FalhaAoCarregar } from '@/components/membro/carregando';
import { EsqueletoDeCartoes } from '@/components/membro/esqueleto';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { usePerfilAutenticado } from '@/lib/membro';
import { useListarProtocolos } from '../api/listar-protocolos';
import { dataDoInstante } from '@portal/br';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';
import { AtrasadoBadge, SituacaoProtocoloBadge } from '@/components/situacao';

export function ProtocolosPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Meus Protocolos">
        <p className="max-w-3xl text-slate-800">
          Acompanhe aqui as solicitações feitas ao plano, o prazo de resposta de cada uma e as respostas da operadora.
        </p>
      </PageHeader>
      {perfil ? <Protocolos /> : <PerfilInvalido />}
    </div>
  );
}

function Protocolos() {
  const [params, setParams] = useSearchParams();
  const protocolo = normalizarNumeroProtocolo(params.get('protocolo') ?? '') ?? '';
  const pagina = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1);

  const buscar = (numero: string) => setParams(numero ? { protocolo: numero } : {});
  const irPara = (p: number) =>
    setParams({ ...(protocolo ? { protocolo } : {}), ...(p > 1 ? { pagina: String(p) } : {}) });

  return (
    <div className="space-y-6">
      <BuscaProtocolo key={protocolo} inicial={protocolo} onBuscar={buscar} />
      <Lista protocolo={protocolo} pagina={pagina} onPagina={irPara} onLimpar={() => buscar('')} />
    </div>
  );
}

function BuscaProtocolo({ inicial, onBuscar }: { inicial: string; onBuscar: (numero: string) => void }) {
  const [texto, setTexto] = useState(inicial);
  const [erro, setErro] = useState<string | undefined>();

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (texto.trim() === '') {
      setErro(undefined);
      onBuscar('');
      return;
    }
    const numero = normalizarNumeroProtocolo(texto);
    if (!numero) {
      setErro(MENSAGEM_PROTOCOLO_INVALIDO);
      return;
    }
    setErro(undefined);
    onBuscar(numero);
  };

  return (
    <form role="search" aria-label="Buscar protocolo" onSubmit={enviar} noValidate className="max-w-2xl">
      <FormField
        label="Número do protocolo"
        hint="São 20 números. Pode digitar com ou sem espaços e pontos."
        error={erro}
      >
        {(control) => (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              {...control}
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={40}
              className="sm:flex-1"
            />
            <Button type="submit" className="sm:w-auto">
              <Search aria-hidden="true" />
              Buscar
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

function Lista({
  protocolo,
  pagina,
  onPagina,
  onLimpar,
}: {
  protocolo: string;
  pagina: number;
  onPagina: (p: number) => void;
  onLimpar: () => void;
}) {
  const lista = useListarProtocolos({ protocolo, pagina });

  if (lista.isPending) return <EsqueletoDeCartoes label="Carregando protocolos..." />;
  if (lista.isError) return <FalhaAoCarregar onTentarNovamente={() => void lista.refetch()} />;

  const { protocolos, total, totalPaginas } = lista.data;
  return (
    <section aria-labelledby="lista-protocolos" aria-busy={lista.isFetching || undefined} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lista-protocolos" className="text-xl font-bold text-slate-900">
          {protocolo ? 'Resultado da busca' : 'Suas solicitações'}
        </h2>
        {protocolo ? (
          <Button variant="outline" size="sm" onClick={onLimpar}>
            <X aria-hidden="true" />
            Ver todos os protocolos
          </Button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {total === 1 ? '1 protocolo encontrado.' : `${total} protocolos encontrados.`}
      </p>
      {protocolos.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-800">
          {protocolo ? (
            <>
              Nenhum protocolo encontrado com o número <NumeroProtocolo numero={protocolo} className="font-semibold" />.
              Confira os números ou fale com a Central de Atendimento.
            </>
          ) : total > 0 ? (
            'Esta página não tem protocolos.'
          ) : (
            'Você ainda não tem protocolos. Quando fizer uma solicitação pelo portal ou pela Central de Atendimento, ela aparecerá aqui.'
          )}
        </p>
      ) : (
        <ul className="space-y-3">
          {protocolos.map((p) => (
            <CartaoProtocolo key={p.protocolo} p={p} />
          ))}
        </ul>
      )}
      {totalPaginas > 1 ? <Paginacao pagina={pagina} totalPaginas={totalPaginas} onPagina={onPagina} /> : null}
    </section>
  );
}

function CartaoProtocolo({ p }: { p: ProtocoloResumo }) {
  const titulo = `protocolo-${p.protocolo}`;
  return (
    <li>
      <article aria-labelledby={titulo} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titulo} className="text-lg font-bold text-slate-900">
            {p.assunto}
          </h3>
          <div className="flex flex-wrap gap-2">
            <SituacaoProtocoloBadge situacao={p.situacao} situacaoReembolso={p.situacaoReembolso} />
            {p.atrasado ? <AtrasadoBadge /> : null}
          </div>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-[15px] sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-700">Protocolo</dt>
            <dd className="text-slate-900">
              <NumeroProtocolo numero={p.protocolo} className="text-base font-semibold" />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Tipo</dt>
            <dd className="text-slate-900">{ROTULOS_TIPO_PROTOCOLO[p.tipo]}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Pedido em</dt>
            <dd className="text-slate-900">{dataDoInstante(p.criadoEm)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Prazo para resposta</dt>
            <dd className={p.atrasado ? 'font-semibold text-red-800' : 'text-slate-900'}>
              {formatDate(p.prazoResposta)}
              {p.atrasado ? ' (vencido)' : ''}
            </dd>
          </div>
          {p.beneficiario && p.beneficiario !== p.solicitante ? (
            <div>
              <dt className="text-sm font-semibold text-slate-700">Beneficiário</dt>
              <dd className="text-slate-900">{p.beneficiario}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-sm font-semibold text-slate-700">Pedido por</dt>
            <dd className="text-slate-900">{p.solicitante}</dd>
          </div>
        </dl>
        <Link
          to={`/protocolos/${p.protocolo}`}
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-4' })}
        >
          Ver detalhes
          <span className="sr-only"> do protocolo {formatarNumeroProtocolo(p.protocolo)}</span>
          <ChevronRightCircle aria-hidden="true" />
        </Link>
      </article>
    </li>
  );
}

function Paginacao({
  pagina,
  totalPaginas,
  onPagina,
}: {
  pagina: number;
  totalPaginas: number;
  onPagina: (p: number) => void;
}) {
  return (
    <nav aria-label="Páginas de protocolos" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={pagina <= 1} onClick={() => onPagina(pagina - 1)}>
        <ChevronLeft aria-hidden="true" />
        Anterior
      </Button>
      <p className="text-slate-800">
        Página {pagina} de {totalPaginas}
      </p>
      <Button variant="outline" size="sm" disabled={pagina >= totalPaginas} onClick={() => onPagina(pagina + 1)}>
        Próxima
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
