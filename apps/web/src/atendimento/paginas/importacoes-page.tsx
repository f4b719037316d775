import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useImportacoes } from '../api/painel';
import { Cabecalho } from '../components/cabecalho';
import { Tabela } from '../components/tabela';
import { dataHora } from '../lib/formatos';

const STATUS = {
  em_andamento: ['Em andamento', 'secondary'],
  recusado: ['Recusado', 'destructive'],
  validado: ['Validado (simulação)', 'outline'],
  aplicado: ['Aplicado', 'success'],
  falhou: ['Falhou', 'destructive'],
} as const;

/** What a `completo` import removes, as the Inativados column counts it (decision 0049). */
const REMOCAO: Record<string, string> = {
  beneficiarios: 'cancelamentos',
  prestadores: 'inativações',
  'reembolso-tabela': 'exclusões',
};

/**
 * /atendimento/importacoes: the history of the operator's file imports (supervisor, administrador).
 * A refused import says why (its first problem); one refused for the bound of a `completo` file
 * names the count to confirm; an undone one says so and how many records came back.
 */
export function ImportacoesPage() {
  const q = useImportacoes();
  return (
    <>
      <Cabecalho titulo="Importações" />
      {q.isPending ? (
        <Spinner className="py-10" label="Carregando as importações..." />
      ) : q.isError ? (
        <Alert variant="error">Não foi possível carregar as importações.</Alert>
      ) : q.data.importacoes.length === 0 ? (
        <Alert>Nenhuma importação registrada.</Alert>
      ) : (
        <Tabela
          empilhar
          legenda="Importações, as mais recentes primeiro"
          colunas={[
            'Início',
            'Entidade',
            'Modo',
            'Origem',
            'Situação',
            'Linhas',
            'Incluídos',
            'Alterados',
            'Inativados',
            'Erros',
          ]}
        >
          {q.data.importacoes.map((i) => {
            const [rotulo, variant] = STATUS[i.status];
            return (
              <tr key={i.id}>
                <td data-rotulo="Início" className="whitespace-nowrap">
                  {dataHora(i.iniciadaEm)}
                </td>
                <td data-rotulo="Entidade">{i.entidade}</td>
                <td data-rotulo="Modo">
                  {i.modo === 'completo' ? 'Completo' : 'Incremental'}
                  {i.dryRun ? ' (simulação)' : ''}
                </td>
                <td data-rotulo="Origem">{i.origem === 'api' ? 'API' : 'Linha de comando'}</td>
                <td data-rotulo="Situação" className="md:max-w-[28rem]">
                  <div className="flex flex-wrap gap-1">
                    <Badge variant={variant}>{rotulo}</Badge>
                    {i.confirmacaoExigida !== null ? (
                      <Badge variant="warning">
                        {i.confirmacaoExigida} {REMOCAO[i.entidade] ?? 'remoções'} a confirmar
                      </Badge>
                    ) : null}
                    {i.desfeitaEm ? <Badge variant="secondary">Desfeita</Badge> : null}
                  </div>
                  {i.primeiroErro ? <p className="mt-1 text-sm text-slate-700">{i.primeiroErro}</p> : null}
                  {i.desfeitaEm ? (
                    <p className="mt-1 text-sm text-slate-700">
                      Desfeita em {dataHora(i.desfeitaEm)}: {i.restaurados ?? 0} registro(s) restaurado(s).
                    </p>
                  ) : null}
                </td>
                <td data-rotulo="Linhas">{i.linhas}</td>
                <td data-rotulo="Incluídos">{i.incluidos}</td>
                <td data-rotulo="Alterados">{i.alterados}</td>
                <td data-rotulo="Inativados">{i.inativados}</td>
                <td data-rotulo="Erros">{i.totalErros}</td>
              </tr>
            );
          })}
        </Tabela>
      )}
    </>
  );
}
