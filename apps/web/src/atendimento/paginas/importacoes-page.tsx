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

/** /atendimento/importacoes: the history of the operator's file imports (supervisor, administrador). */
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
                <td className="whitespace-nowrap">{dataHora(i.iniciadaEm)}</td>
                <td>{i.entidade}</td>
                <td>
                  {i.modo === 'completo' ? 'Completo' : 'Incremental'}
                  {i.dryRun ? ' (simulação)' : ''}
                </td>
                <td>{i.origem === 'api' ? 'API' : 'Linha de comando'}</td>
                <td>
                  <Badge variant={variant}>{rotulo}</Badge>
                </td>
                <td>{i.linhas}</td>
                <td>{i.incluidos}</td>
                <td>{i.alterados}</td>
                <td>{i.inativados}</td>
                <td>{i.totalErros}</td>
              </tr>
            );
          })}
        </Tabela>
      )}
    </>
  );
}
