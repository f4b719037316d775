import { ROTULOS_TIPO_PROTOCOLO, TIPOS_PROTOCOLO, type TipoProtocolo } from '@portal/contract/protocolos';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useFila, type FiltrosFila } from '../api/fila';
import { Cabecalho } from '../components/cabecalho';
import { AtalhosDaFila, LinhaDaFila, ProtocoloDaFila, TabelaDaFila, TotaisDaFila } from '../components/fila';
import { SituacaoProtocoloBadge } from '@/components/situacao';
import { ResponsavelDaFila } from '../components/responsavel';
import { SeloPrazo } from '../components/selos-prazo';
import { dataDoDia, diaEmSaoPaulo } from '../lib/formatos';

const PRAZOS = [
  { valor: '', rotulo: 'Qualquer prazo', dias: null },
  { valor: 'hoje', rotulo: 'Atrasados e que vencem hoje', dias: 0 },
  { valor: '3', rotulo: 'Vencem em até 3 dias', dias: 3 },
  { valor: '7', rotulo: 'Vencem em até 7 dias', dias: 7 },
] as const;

const RESPONSAVEIS = [
  { valor: 'eu', rotulo: 'Minha fila' },
  { valor: 'ninguem', rotulo: 'Sem responsável' },
] as const;

/** /atendimento: the queue of protocols by deadline, with filters, counts and j/k navigation. */
export function FilaPage() {
  const [params, setParams] = useSearchParams();
  const tipo = params.get('tipo') ?? '';
  const situacao = params.get('situacao') === 'todos' ? 'todos' : 'abertos';
  const prazo = PRAZOS.find((p) => p.valor === (params.get('prazo') ?? '')) ?? PRAZOS[0];
  const busca = params.get('busca') ?? '';
  const responsavel = RESPONSAVEIS.find((r) => r.valor === params.get('responsavel'))?.valor;
  const filtros: FiltrosFila = {
    situacao,
    tipo: (TIPOS_PROTOCOLO as readonly string[]).includes(tipo) ? (tipo as TipoProtocolo) : undefined,
    venceAte: prazo.dias === null ? undefined : diaEmSaoPaulo(prazo.dias),
    busca: busca.trim() || undefined,
    responsavel,
  };
  const fila = useFila(filtros);
  // What is typed in 'Buscar' goes to the address (and the server) once typing pauses.
  const [digitado, setDigitado] = useState(busca);

  const mudar = (nome: string, valor: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (valor) n.set(nome, valor);
        else n.delete(nome);
        return n;
      },
      { replace: true },
    );

  useEffect(() => {
    if (digitado === busca) return;
    const t = window.setTimeout(() => mudar('busca', digitado), 300);
    return () => window.clearTimeout(t);
  });

  const totais = fila.data?.totais;
  const itens = fila.data?.itens ?? [];

  return (
    <>
      <Cabecalho titulo="Fila de protocolos">
        <AtalhosDaFila id="atalhos" />
      </Cabecalho>

      <TotaisDaFila
        rotulo="Totais da fila"
        totais={[
          ['Abertos', totais?.abertos],
          ['Atrasados', totais?.atrasados],
          ['Vencem hoje', totais?.vencemHoje],
        ]}
      />

      <form
        role="search"
        aria-label="Filtrar a fila"
        className="mb-5 grid gap-3 md:grid-cols-3 xl:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField label="Tipo">
          {(c) => (
            <NativeSelect {...c} value={filtros.tipo ?? ''} onChange={(e) => mudar('tipo', e.target.value)}>
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
              onChange={(e) => mudar('situacao', e.target.value === 'todos' ? 'todos' : '')}
            >
              <option value="abertos">Abertos e em análise</option>
              <option value="todos">Todos, inclusive respondidos</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Responsável">
          {(c) => (
            <NativeSelect {...c} value={responsavel ?? ''} onChange={(e) => mudar('responsavel', e.target.value)}>
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
            <NativeSelect {...c} value={prazo.valor} onChange={(e) => mudar('prazo', e.target.value)}>
              {PRAZOS.map((p) => (
                <option key={p.valor} value={p.valor}>
                  {p.rotulo}
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
          colunas={['Prazo', 'Protocolo', 'Tipo e assunto', 'Beneficiário', 'Situação', 'Responsável']}
        >
          {itens.map((p) => (
            <LinhaDaFila
              key={p.protocolo}
              destino={`/atendimento/protocolos/${p.protocolo}`}
              atrasado={p.atrasado}
              venceHoje={p.venceHoje}
            >
              <td className="px-3 py-2 align-top">
                <span className="block whitespace-nowrap font-semibold">{dataDoDia(p.prazoResposta)}</span>
                <SeloPrazo atrasado={p.atrasado} venceHoje={p.venceHoje} />
              </td>
              <ProtocoloDaFila
                destino={`/atendimento/protocolos/${p.protocolo}`}
                protocolo={p.protocolo}
                codigoContrato={p.codigoContrato}
              />
              <td className="px-3 py-2 align-top">
                <span className="block font-semibold">{ROTULOS_TIPO_PROTOCOLO[p.tipo]}</span>
                <span className="text-slate-700">{p.assunto}</span>
              </td>
              <td className="px-3 py-2 align-top">{p.beneficiario ?? '—'}</td>
              <td className="px-3 py-2 align-top">
                <SituacaoProtocoloBadge situacao={p.situacao} />
              </td>
              <td className="px-3 py-2 align-top">
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
