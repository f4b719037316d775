import { formatBRL } from '@portal/br';
import {
  ROTULOS_SITUACAO_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  SITUACOES_REEMBOLSO,
  type SituacaoReembolso,
} from '@portal/contract';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useReembolsos } from '../api/reembolsos';
import { Cabecalho } from '../components/cabecalho';
import { AtalhosDaFila, LinhaDaFila, ProtocoloDaFila, TabelaDaFila, TotaisDaFila } from '../components/fila';
import { SituacaoReembolsoBadge } from '@/components/situacao';
import { SeloPrazo } from '../components/selos-prazo';
import { ResponsavelDaFila } from '../components/responsavel';
import { dataDoDia } from '../lib/formatos';

const SITUACOES = ['abertos', 'todos', ...SITUACOES_REEMBOLSO] as const;
const ROTULO_FILTRO: Record<string, string> = {
  abertos: 'Em aberto (até o pagamento)',
  todos: 'Todos, inclusive pagos e negados',
  ...ROTULOS_SITUACAO_REEMBOLSO,
};

const RESPONSAVEIS = [
  { valor: 'eu', rotulo: 'Minha fila' },
  { valor: 'ninguem', rotulo: 'Sem responsável' },
] as const;

/** Until it is paid or denied, a request may be taken (its protocol is still open). */
const ABERTAS: readonly SituacaoReembolso[] = ['recebido', 'em_analise', 'pendente', 'aprovado'];

/** 'Vence em 3 dias', 'Atrasado há 2 dias', 'Prazo parado' (pendente): the deadline in words. */
function prazoEmPalavras(diasRestantes: number | null, situacao: string): string {
  if (diasRestantes === null) return situacao === 'pendente' ? 'Prazo parado até o envio dos documentos' : '—';
  if (diasRestantes === 0) return 'Vence hoje';
  if (diasRestantes < 0) return `Atrasado há ${-diasRestantes} ${diasRestantes === -1 ? 'dia' : 'dias'}`;
  return `Vence em ${diasRestantes} ${diasRestantes === 1 ? 'dia' : 'dias'}`;
}

/** /atendimento/reembolsos: the reimbursement requests by legal payment deadline (Lei 9.656/98, art. 12, VI: 30 days). */
export function ReembolsosPage() {
  const [params, setParams] = useSearchParams();
  const pedida = params.get('situacao') ?? 'abertos';
  const situacao = (SITUACOES as readonly string[]).includes(pedida) ? pedida : 'abertos';
  // Whose requests (decision 0055): 'Minha fila', those nobody took, or all.
  const responsavel = RESPONSAVEIS.find((r) => r.valor === params.get('responsavel'))?.valor;
  const fila = useReembolsos(situacao, responsavel);
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

  const itens = fila.data?.itens ?? [];
  const atrasados = itens.filter((r) => r.atrasado).length;
  const vencemHoje = itens.filter((r) => r.venceHoje).length;

  return (
    <>
      <Cabecalho titulo="Reembolsos">
        <AtalhosDaFila id="atalhos-reembolsos" />
      </Cabecalho>

      <TotaisDaFila
        rotulo="Totais dos reembolsos listados"
        totais={[
          ['Listados', fila.data ? itens.length : undefined],
          ['Atrasados', fila.data ? atrasados : undefined],
          ['Vencem hoje', fila.data ? vencemHoje : undefined],
        ]}
      />

      <form
        role="search"
        aria-label="Filtrar os reembolsos"
        className="mb-5 grid gap-3 md:grid-cols-2"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField label="Situação">
          {(c) => (
            <NativeSelect
              {...c}
              value={situacao}
              onChange={(e) => mudar('situacao', e.target.value === 'abertos' ? '' : e.target.value)}
            >
              {SITUACOES.map((s) => (
                <option key={s} value={s}>
                  {ROTULO_FILTRO[s]}
                </option>
              ))}
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
      </form>

      {fila.isPending ? (
        <Spinner className="py-10" label="Carregando os reembolsos..." />
      ) : fila.isError ? (
        <Alert variant="error">Não foi possível carregar os reembolsos. Tente novamente.</Alert>
      ) : itens.length === 0 ? (
        <Alert>
          {responsavel === 'eu' ? 'Nenhum reembolso na sua fila nesta situação.' : 'Nenhum reembolso nesta situação.'}
        </Alert>
      ) : (
        <TabelaDaFila
          rotulo="Reembolsos por prazo"
          legenda="Reembolsos por prazo legal de pagamento, o mais próximo primeiro; os pendentes por último"
          atalhos="atalhos-reembolsos"
          colunas={[
            'Prazo de pagamento',
            'Protocolo',
            'Beneficiário',
            'Atendimento',
            'Valor pago',
            'Situação',
            'Responsável',
          ]}
          cabecalhoSemQuebra
        >
          {itens.map((r) => (
            <LinhaDaFila
              key={r.protocolo}
              destino={`/atendimento/reembolsos/${r.protocolo}`}
              atrasado={r.atrasado}
              venceHoje={r.venceHoje}
            >
              <td data-rotulo="Prazo de pagamento" className="px-3 py-2 align-top">
                <span className="block whitespace-nowrap font-semibold">
                  {r.prazoPagamento ? dataDoDia(r.prazoPagamento) : 'Sem prazo correndo'}
                </span>
                <SeloPrazo atrasado={r.atrasado} venceHoje={r.venceHoje} />
                {!r.atrasado && !r.venceHoje ? (
                  <span className="block text-sm text-slate-700">{prazoEmPalavras(r.diasRestantes, r.situacao)}</span>
                ) : null}
              </td>
              <ProtocoloDaFila
                destino={`/atendimento/reembolsos/${r.protocolo}`}
                protocolo={r.protocolo}
                codigoContrato={r.codigoContrato}
              />
              <td data-rotulo="Beneficiário" className="px-3 py-2 align-top">
                {r.beneficiario}
              </td>
              <td className="px-3 py-2 align-top">
                <span className="block font-semibold">{ROTULOS_TIPO_REEMBOLSO[r.tipo]}</span>
                <span className="text-slate-700">
                  {dataDoDia(r.dataAtendimento)} · {r.prestador}
                </span>
              </td>
              <td data-rotulo="Valor pago" className="px-3 py-2 align-top whitespace-nowrap tabular-nums">
                {formatBRL(r.valorPago)}
              </td>
              <td data-rotulo="Situação" className="px-3 py-2 align-top">
                <SituacaoReembolsoBadge situacao={r.situacao} />
                {r.reciboRepetido ? (
                  <span className="mt-1 block whitespace-nowrap text-sm font-semibold text-amber-900">
                    Recibo repetido?
                  </span>
                ) : null}
                {r.quatroOlhos ? (
                  <span className="mt-1 block whitespace-nowrap text-sm font-semibold text-amber-900">
                    {r.quatroOlhos === 'recusada' ? 'Aprovação recusada' : 'Aguardando confirmação'}
                  </span>
                ) : null}
              </td>
              <td data-rotulo="Responsável" className="px-3 py-2 align-top">
                <ResponsavelDaFila
                  protocolo={r.protocolo}
                  responsavel={r.responsavel}
                  aberto={ABERTAS.includes(r.situacao)}
                  objeto="reembolso"
                />
              </td>
            </LinhaDaFila>
          ))}
        </TabelaDaFila>
      )}
    </>
  );
}
