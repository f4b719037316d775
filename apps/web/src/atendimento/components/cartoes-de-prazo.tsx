import type { FilaAtendimentoResponse, GrupoDePrazo } from '@portal/contract';
import {
  type FaixaDePrazo,
  ROTULOS_FAIXA_DE_PRAZO,
  ROTULOS_TIPO_PROTOCOLO,
  type TipoProtocolo,
} from '@portal/contract/protocolos';
import { AlarmClock, CalendarClock, Check, Clock, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

type Resumo = FilaAtendimentoResponse['resumo'];
type FaixaDoCartao = Exclude<FaixaDePrazo, 'mais_tarde'>;

const FAIXAS: { faixa: FaixaDoCartao; Icon: LucideIcon; cor: string }[] = [
  { faixa: 'atrasado', Icon: AlarmClock, cor: 'border-red-300 bg-red-50' },
  { faixa: 'vence_hoje', Icon: CalendarClock, cor: 'border-amber-300 bg-amber-50' },
  { faixa: 'ate_2_dias_uteis', Icon: Clock, cor: 'border-blue-300 bg-blue-50' },
];

/** The two kinds of deadline, each in its own group of cards: never added together (issue 31). */
const GRUPOS: { grupo: GrupoDePrazo; titulo: string; regra: string }[] = [
  {
    grupo: 'protocolos',
    titulo: 'Prazo de resposta dos protocolos',
    regra: 'RN 623/2024: 7 dias úteis. Cancelamentos (RN 561/2022) e retirada de autorização (LGPD): imediato.',
  },
  {
    grupo: 'reembolsos',
    titulo: 'Prazo legal de pagamento dos reembolsos',
    regra: 'Lei 9.656/98, art. 12, VI: 30 dias da documentação completa.',
  },
];

const doGrupo = (grupo: GrupoDePrazo, tipo: TipoProtocolo) => (tipo === 'REEMBOLSO') === (grupo === 'reembolsos');

/**
 * The queue's summary: per kind of deadline, how many are overdue, due today and due within 2
 * business days, by kind of protocol. Each card is a toggle button (aria-pressed) that sets the
 * filter in the address; pressing the pressed one clears it.
 */
export function CartoesDePrazo({
  resumo,
  grupo: ativoGrupo,
  faixa: ativaFaixa,
  onEscolher,
}: {
  /** undefined while loading ('–'). */
  resumo: Resumo | undefined;
  grupo: GrupoDePrazo | undefined;
  faixa: FaixaDePrazo | undefined;
  onEscolher: (filtro: { grupo: GrupoDePrazo; faixa: FaixaDePrazo } | null) => void;
}) {
  return (
    <div className="mb-5 grid gap-4 lg:grid-cols-2">
      {GRUPOS.map(({ grupo, titulo, regra }) => (
        <section key={grupo} aria-labelledby={`prazo-${grupo}`} className="min-w-0">
          <h2 id={`prazo-${grupo}`} className="text-lg font-bold text-slate-900">
            {titulo}
          </h2>
          <p className="mb-2 text-sm text-slate-700">{regra}</p>
          <div className="grid grid-cols-3 gap-2">
            {FAIXAS.map(({ faixa, Icon, cor }) => {
              const linhas = resumo?.filter((r) => r.faixa === faixa && doGrupo(grupo, r.tipo));
              const total = linhas?.reduce((t, r) => t + r.n, 0);
              const ativo = ativoGrupo === grupo && ativaFaixa === faixa;
              return (
                <button
                  key={faixa}
                  type="button"
                  aria-pressed={ativo}
                  onClick={() => onEscolher(ativo ? null : { grupo, faixa })}
                  className={cn(
                    'flex min-h-11 min-w-0 flex-col items-start rounded-xl border-2 p-2 text-left text-slate-900 hover:border-brand-700 sm:p-3',
                    cor,
                    ativo && 'border-brand-800 ring-2 ring-brand-800',
                  )}
                >
                  <span className="flex items-start gap-1 text-sm leading-tight font-semibold">
                    <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
                    {ROTULOS_FAIXA_DE_PRAZO[faixa]}
                  </span>
                  <span className="text-2xl font-bold">{total ?? '–'}</span>
                  {grupo === 'protocolos'
                    ? linhas?.map((r) => (
                        <span key={r.tipo} className="block text-sm leading-tight text-slate-800">
                          {ROTULOS_TIPO_PROTOCOLO[r.tipo]}: {r.n}
                        </span>
                      ))
                    : null}
                  {ativo ? (
                    <span className="mt-1 flex items-center gap-1 text-sm leading-tight font-semibold text-brand-900">
                      <Check aria-hidden="true" className="size-4" />
                      Filtro ativo
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
