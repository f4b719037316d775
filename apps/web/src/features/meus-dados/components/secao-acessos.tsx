import { Laptop } from 'lucide-react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useAcessos } from '../api/acessos';
import { useEncerrarOutrasSessoes } from '../api/encerrar-outras-sessoes';
import { dataHoraSaoPaulo } from './formatos';

export function SecaoAcessos() {
  const acessos = useAcessos();
  const encerrar = useEncerrarOutrasSessoes();
  const outras = acessos.data?.sessoes.filter((s) => !s.estaSessao).length ?? 0;
  const encerrarOutras = () =>
    encerrar.mutate(undefined, {
      onSuccess: (r) =>
        toast.success('Outras sessões encerradas', {
          description:
            r.encerradas === 0
              ? 'Não havia outra sessão aberta.'
              : r.encerradas === 1
                ? '1 sessão foi encerrada. Só este aparelho continua conectado.'
                : `${r.encerradas} sessões foram encerradas. Só este aparelho continua conectado.`,
        }),
    });
  return (
    <Card aria-labelledby="acessos-titulo" className="space-y-4">
      <h2 id="acessos-titulo" className="text-xl font-bold text-slate-900">
        Acessos e aparelhos
      </h2>
      {acessos.isPending ? (
        <Carregando label="Carregando acessos..." />
      ) : acessos.isError ? (
        <FalhaAoCarregar
          titulo="Não foi possível carregar os acessos."
          onTentarNovamente={() => void acessos.refetch()}
        />
      ) : (
        <>
          <h3 className="font-semibold text-slate-900">Aparelhos conectados agora</h3>
          <ul className="space-y-3">
            {acessos.data.sessoes.map((s) => (
              <li
                key={`${s.iniciadaEm}-${s.dispositivo}-${s.ipAproximado}`}
                className="flex gap-3 rounded-xl border border-slate-300 p-4"
              >
                <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <div className="min-w-0 space-y-1 text-slate-800">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {s.dispositivo}
                    {s.estaSessao ? <Badge variant="success">Esta sessão</Badge> : null}
                  </p>
                  <p>Entrou em {dataHoraSaoPaulo(s.iniciadaEm)}</p>
                  <p>Último uso em {dataHoraSaoPaulo(s.ultimoUsoEm)}</p>
                  <p>Endereço de internet aproximado: {s.ipAproximado}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="space-y-2">
            <Button
              variant="outline"
              onClick={encerrarOutras}
              disabled={encerrar.isPending || outras === 0}
              aria-busy={encerrar.isPending || undefined}
              aria-describedby="encerrar-ajuda"
            >
              {encerrar.isPending ? 'Encerrando...' : 'Encerrar outras sessões'}
            </Button>
            <p id="encerrar-ajuda" className="text-sm text-slate-700">
              {outras === 0
                ? 'Só este aparelho está conectado.'
                : 'Desconecta sua conta de todos os outros aparelhos. Este aparelho continua conectado.'}
            </p>
          </div>
          <h3 className="pt-2 font-semibold text-slate-900">Entradas recentes (últimos 90 dias)</h3>
          {acessos.data.acessos.length === 0 ? (
            <p className="text-slate-700">Nenhuma entrada registrada.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-300">
              {acessos.data.acessos.map((a, i) => (
                <li key={`${a.em}-${i}`} className="space-y-0.5 p-3 text-slate-800">
                  <p className="font-medium text-slate-900">
                    {a.descricao} — {dataHoraSaoPaulo(a.em)}
                  </p>
                  <p className="text-sm">
                    {a.dispositivo} · IP {a.ipAproximado}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
