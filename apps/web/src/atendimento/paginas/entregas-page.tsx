import { SITUACOES_ENTREGA } from '@portal/contract';
import { RotateCcw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useEntregas, useReenviar } from '../api/painel';
import { Cabecalho } from '../components/cabecalho';
import { Tabela } from '../components/tabela';
import { dataHora } from '../lib/formatos';
import { PODE, useConta } from '../lib/sessao';

const ROTULO = {
  pendente: ['Pendente', 'secondary'],
  entregue: ['Entregue', 'success'],
  falhou: ['Falhou', 'destructive'],
  cancelada: ['Cancelada', 'outline'],
} as const;

/** /atendimento/entregas: webhook deliveries, with 'Reenviar' (supervisor, administrador). */
export function EntregasPage() {
  const conta = useConta();
  const [params, setParams] = useSearchParams();
  const situacao = (SITUACOES_ENTREGA as readonly string[]).includes(params.get('situacao') ?? '')
    ? params.get('situacao')!
    : '';
  const q = useEntregas(situacao);
  const reenviar = useReenviar();

  return (
    <>
      <Cabecalho titulo="Entregas de webhooks" />
      <form className="mb-5 max-w-xs" onSubmit={(e) => e.preventDefault()}>
        <FormField label="Situação">
          {(c) => (
            <NativeSelect
              {...c}
              value={situacao}
              onChange={(e) => setParams(e.target.value ? { situacao: e.target.value } : {}, { replace: true })}
            >
              <option value="">Todas</option>
              {SITUACOES_ENTREGA.map((s) => (
                <option key={s} value={s}>
                  {ROTULO[s][0]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </form>
      {q.isPending ? (
        <Spinner className="py-10" label="Carregando as entregas..." />
      ) : q.isError ? (
        <Alert variant="error">Não foi possível carregar as entregas.</Alert>
      ) : q.data.entregas.length === 0 ? (
        <Alert>Nenhuma entrega com esse filtro.</Alert>
      ) : (
        <Tabela
          legenda="Entregas de webhooks, as mais recentes primeiro"
          colunas={['Evento e destino', 'Situação', 'Criada em', 'Ação']}
        >
          {q.data.entregas.map((e) => {
            const [rotulo, variant] = ROTULO[e.situacao];
            const ultima = e.ultimaTentativa;
            return (
              <tr key={e.id}>
                <td>
                  <span className="block font-semibold">{e.tipo}</span>
                  <span className="block font-mono text-sm text-slate-700">{e.mensagemId}</span>
                  <span className="block text-sm break-all text-slate-700">{e.url}</span>
                </td>
                <td>
                  <Badge variant={variant}>{rotulo}</Badge>
                  <span className="block text-sm text-slate-700">
                    {e.tentativas} {e.tentativas === 1 ? 'tentativa' : 'tentativas'}
                    {ultima
                      ? `; a última em ${dataHora(ultima.em)}: ${ultima.statusHttp ? `HTTP ${ultima.statusHttp}` : 'sem resposta'}${
                          ultima.erro ? ` (${ultima.erro})` : ''
                        }`
                      : ''}
                  </span>
                </td>
                <td className="whitespace-nowrap">{dataHora(e.criadoEm)}</td>
                <td>
                  {PODE.reenviar(conta.papel) ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={reenviar.isPending}
                      aria-label={`Reenviar ${e.tipo} ${e.mensagemId}`}
                      onClick={() =>
                        reenviar.mutate(e.mensagemId, {
                          onSuccess: (r) => toast.success(`Reenvio agendado (${r.reenviadas}).`),
                        })
                      }
                    >
                      <RotateCcw aria-hidden="true" />
                      Reenviar
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </Tabela>
      )}
    </>
  );
}
