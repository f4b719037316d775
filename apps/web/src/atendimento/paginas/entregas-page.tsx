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
          colunas={['Criada em', 'Evento', 'Destino', 'Situação', 'Tentativas', 'Última tentativa', 'Ação']}
        >
          {q.data.entregas.map((e) => {
            const [rotulo, variant] = ROTULO[e.situacao];
            return (
              <tr key={e.id}>
                <td className="whitespace-nowrap">{dataHora(e.criadoEm)}</td>
                <td>
                  <span className="block font-semibold">{e.tipo}</span>
                  <span className="font-mono text-sm text-slate-700">{e.mensagemId}</span>
                </td>
                <td className="max-w-64 break-all">{e.url}</td>
                <td>
                  <Badge variant={variant}>{rotulo}</Badge>
                </td>
                <td>{e.tentativas}</td>
                <td className="text-sm">
                  {e.ultimaTentativa
                    ? `${dataHora(e.ultimaTentativa.em)} — ${e.ultimaTentativa.statusHttp ?? 'sem resposta'}${
                        e.ultimaTentativa.erro ? ` (${e.ultimaTentativa.erro})` : ''
                      }`
                    : '—'}
                </td>
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
