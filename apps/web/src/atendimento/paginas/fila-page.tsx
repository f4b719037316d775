import {
  FAIXAS_DE_PRAZO,
  GRUPOS_DE_PRAZO,
  type GrupoDePrazo,
  ROTULOS_FAIXA_DE_PRAZO,
  ROTULOS_TIPO_PROTOCOLO,
  TIPOS_PROTOCOLO,
  type TipoProtocolo,
} from '@portal/contract/protocolos';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useFila, type FiltrosFila } from '../api/fila';
import { Cabecalho } from '../components/cabecalho';
import { CartoesDePrazo } from '../components/cartoes-de-prazo';
import { AtalhosDaFila, LinhaDaFila, ProtocoloDaFila, TabelaDaFila } from '../components/fila';
import { SituacaoProtocoloBadge } from '@/components/situacao';
import { AcoesEmLote, SelecaoDaLinha } from '../components/acoes-em-lote';
import { ResponsavelDaFila } from '../components/responsavel';
import { SeloPrazo } from '../components/selos-prazo';
import { dataDoDia } from '../lib/formatos';

const GRUPOS: { valor: GrupoDePrazo | ''; rotulo: string }[] = [
  { valor: '', rotulo: 'Protocolos e reembolsos' },
  { valor: 'protocolos', rotulo: 'Só protocolos (prazo de resposta)' },
  { valor: 'reembolsos', rotulo: 'Só reembolsos (prazo de pagamento)' },
];

const umDe = <T extends string>(lista: readonly T[], valor: string | null): T | undefined =>
  lista.find((x) => x === valor);

const RESPONSAVEIS = [
  { valor: 'eu', rotulo: 'Minha fila' },
  { valor: 'ninguem', rotulo: 'Sem responsável' },
] as const;

/** /atendimento: the queue of protocols by deadline, with filters, counts and j/k navigation. */
/** A reimbursement opens on its own screen (its steps and money); every other protocol on the protocol's. */
const destinoDoProtocolo = (p: { tipo: string; protocolo: string }) =>
  p.tipo === 'REEMBOLSO' ? `/atendimento/reembolsos/${p.protocolo}` : `/atendimento/protocolos/${p.protocolo}`;

export function FilaPage() {
  const [params, setParams] = useSearchParams();
  const tipo = params.get('tipo') ?? '';
  const situacao = params.get('situacao') === 'todos' ? 'todos' : 'abertos';
  const faixa = umDe(FAIXAS_DE_PRAZO, params.get('faixa'));
  const grupo = umDe(GRUPOS_DE_PRAZO, params.get('grupo'));
  const busca = params.get('busca') ?? '';
  const responsavel = RESPONSAVEIS.find((r) => r.valor === params.get('responsavel'))?.valor;
  const filtros: FiltrosFila = {
    situacao,
    tipo: (TIPOS_PROTOCOLO as readonly string[]).includes(tipo) ? (tipo as TipoProtocolo) : undefined,
    faixa,
    grupo,
    busca: busca.trim() || undefined,
    responsavel,
  };
  const fila = useFila(filtros);
  // What is typed in 'Buscar' goes to the address (and the server) once typing pauses.
  const [digitado, setDigitado] = useState(busca);

  const mudar = (mudancas: Record<string, string>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [nome, valor] of Object.entries(mudancas)) {
          if (valor) n.set(nome, valor);
          else n.delete(nome);
        }
        return n;
      },
      { replace: true },
    );

  useEffect(() => {
    if (digitado === busca) return;
    const t = window.setTimeout(() => mudar({ busca: digitado }), 300);
    return () => window.clearTimeout(t);
  });

  const itens = fila.data?.itens ?? [];
  // The bulk selection: numbers; only those on the page now count (a filter change leaves the rest out).
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(() => new Set());
  const pagina = itens.map((p) => ({ numero: p.protocolo, versao: p.versao }));
  const selecionados = pagina.filter((p) => marcados.has(p.numero));
  const marcar = (numero: string, sim: boolean) =>
    setMarcados((m) => {
      const n = new Set(m);
      if (sim) n.add(numero);
      else n.delete(numero);
      return n;
    });

  return (
    <>
      <Cabecalho titulo="Fila de protocolos">
        <AtalhosDaFila id="atalhos" />
      </Cabecalho>

      <CartoesDePrazo
        resumo={fila.data?.resumo}
        grupo={grupo}
        faixa={faixa}
        onEscolher={(f) => mudar({ grupo: f?.grupo ?? '', faixa: f?.faixa ?? '' })}
      />

      <form
        role="search"
        aria-label="Filtrar a fila"
        className="mb-5 grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField label="Tipo">
          {(c) => (
            <NativeSelect {...c} value={filtros.tipo ?? ''} onChange={(e) => mudar({ tipo: e.target.value })}>
              <option value="">Todos os tipos</option>
              {TIPOS_PROTOCOLO.map((t) => (
                <option key={t} value={t}>
                  {ROTULOS_TIPO_PROTOCOLO[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Situação">
          {(c) => (
            <NativeSelect
              {...c}
              value={situacao}
              onChange={(e) => mudar({ situacao: e.target.value === 'todos' ? 'todos' : '' })}
            >
              <option value="abertos">Abertos e em análise</option>
              <option value="todos">Todos, inclusive respondidos</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Responsável">
          {(c) => (
            <NativeSelect {...c} value={responsavel ?? ''} onChange={(e) => mudar({ responsavel: e.target.value })}>
              <option value="">Qualquer responsável</option>
              {RESPONSAVEIS.map((r) => (
                <option key={r.valor} value={r.valor}>
                  {r.rotulo}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Prazo">
          {(c) => (
            <NativeSelect {...c} value={faixa ?? ''} onChange={(e) => mudar({ faixa: e.target.value })}>
              <option value="">Qualquer prazo</option>
              {FAIXAS_DE_PRAZO.map((f) => (
                <option key={f} value={f}>
                  {ROTULOS_FAIXA_DE_PRAZO[f]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Mostrar">
          {(c) => (
            <NativeSelect {...c} value={grupo ?? ''} onChange={(e) => mudar({ grupo: e.target.value })}>
              {GRUPOS.map((g) => (
                <option key={g.valor} value={g.valor}>
                  {g.rotulo}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Buscar">
          {(c) => (
            <Input
              {...c}
              type="search"
              placeholder="Protocolo, contrato ou nome"
              value={digitado}
              onChange={(e) => setDigitado(e.target.value)}
            />
          )}
        </FormField>
      </form>

      {fila.data ? (
        <AcoesEmLote pagina={pagina} selecionados={selecionados} selecionar={(n) => setMarcados(new Set(n))} />
      ) : null}

      {fila.isPending ? (
        <Spinner className="py-10" label="Carregando a fila..." />
      ) : fila.isError ? (
        <Alert variant="error">Não foi possível carregar a fila. Tente novamente.</Alert>
      ) : itens.length === 0 ? (
        <Alert>
          {responsavel === 'eu'
            ? 'Nenhum protocolo na sua fila com esses filtros.'
            : 'Nenhum protocolo com esses filtros.'}
        </Alert>
      ) : (
        <TabelaDaFila
          rotulo="Protocolos da fila"
          legenda="Protocolos por prazo de resposta, os atrasados primeiro"
          atalhos="atalhos"
          colunas={['Selecionar', 'Prazo', 'Protocolo', 'Tipo e assunto', 'Beneficiário', 'Situação', 'Responsável']}
        >
          {itens.map((p) => (
            <LinhaDaFila
              key={p.protocolo}
              destino={destinoDoProtocolo(p)}
              atrasado={p.atrasado}
              venceHoje={p.venceHoje}
            >
              <SelecaoDaLinha
                protocolo={p.protocolo}
                marcado={marcados.has(p.protocolo)}
                mudar={(sim) => marcar(p.protocolo, sim)}
              />
              <td className="px-3 py-2 align-top">
                <span className="block whitespace-nowrap font-semibold">
                  {p.tipo === 'REEMBOLSO' ? 'Pagamento até' : 'Resposta até'} {dataDoDia(p.prazoResposta)}
                </span>
                <SeloPrazo atrasado={p.atrasado} venceHoje={p.venceHoje} faixa={p.faixa} />
              </td>
              <ProtocoloDaFila
                destino={destinoDoProtocolo(p)}
                protocolo={p.protocolo}
                codigoContrato={p.codigoContrato}
                abertoEm={p.criadoEm}
              />
              <td className="px-3 py-2 align-top">
                <span className="block font-semibold">{ROTULOS_TIPO_PROTOCOLO[p.tipo]}</span>
                <span className="text-slate-700">{p.assunto}</span>
              </td>
              <td data-rotulo="Beneficiário" className="px-3 py-2 align-top">
                {p.beneficiario ?? '—'}
              </td>
              <td data-rotulo="Situação" className="px-3 py-2 align-top">
                <SituacaoProtocoloBadge situacao={p.situacao} situacaoReembolso={p.situacaoReembolso} />
              </td>
              <td data-rotulo="Responsável" className="px-3 py-2 align-top">
                <ResponsavelDaFila
                  protocolo={p.protocolo}
                  responsavel={p.responsavel}
                  aberto={p.situacao === 'ABERTO' || p.situacao === 'EM_ANALISE'}
                />
              </td>
            </LinhaDaFila>
          ))}
        </TabelaDaFila>
      )}
    </>
  );
}
