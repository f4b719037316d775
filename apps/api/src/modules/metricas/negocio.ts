import { diaEmSaoPaulo, somarDiasUteis } from '@portal/br';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { contarPorFaixa, FAIXAS_DE_PRAZO, type FaixaDePrazo, faixaDoPrazo } from '../../lib/prazos';
import { FilaDeProtocolosRepository } from '../../core/protocolos/repository';
import { ReembolsoRepository } from '../reembolso';
import type { WebhooksService } from '../../core/webhooks/service';

/** Where the business values come from: one grouped query each, over the queues' partial indexes. */
export interface FontesDoNegocio {
  protocolos(): Promise<{ tipo: string; prazo: string; n: number }[]>;
  reembolsos(): Promise<{ prazo: string | null; n: number }[]>;
  webhooks(): Promise<{ pendentes: number; maisAntigaEm: Date | null; falhas: number }>;
}

type FaixaDoReembolso = FaixaDePrazo | 'sem_prazo';
const FAIXAS_DO_REEMBOLSO: readonly FaixaDoReembolso[] = [...FAIXAS_DE_PRAZO, 'sem_prazo'];

/**
 * The operator's queues as gauges (issue 32, decision 0051): protocols waiting by type and deadline
 * band, reimbursements by legal payment band, the webhook queue. They are read from the database at
 * most once per `cacheMs` per instance, by a scrape — never by a request; every instance reports
 * the same values (aggregate them with max, not sum). A failed read keeps the last values and
 * counts the failure; `portal_negocio_calculado_em_segundos` tells how fresh they are.
 */
export function registrarMetricasDeNegocio(
  registro: Registry,
  fontes: FontesDoNegocio,
  opcoes: { clock: Clock; cacheMs: number; log: FastifyBaseLogger },
): void {
  const protocolos = new Gauge({
    name: 'portal_protocolos_abertos',
    help: 'Protocolos aguardando resposta, por tipo e faixa do prazo (atrasado, vence_hoje, ate_2_dias_uteis, mais_tarde).',
    labelNames: ['tipo', 'faixa'],
    registers: [registro],
    collect: atualizar,
  });
  const reembolsos = new Gauge({
    name: 'portal_reembolsos_abertos',
    help: 'Reembolsos nem pagos nem negados, por faixa do prazo legal de pagamento (sem_prazo: pendente de documentação).',
    labelNames: ['faixa'],
    registers: [registro],
    collect: atualizar,
  });
  const pendentes = new Gauge({
    name: 'portal_webhooks_entregas_pendentes',
    help: 'Entregas de webhook ainda por fazer (na fila ou aguardando nova tentativa).',
    registers: [registro],
    collect: atualizar,
  });
  const maisAntiga = new Gauge({
    name: 'portal_webhooks_pendente_mais_antiga_segundos',
    help: 'Idade da entrega de webhook pendente mais antiga (0 sem pendentes).',
    registers: [registro],
    collect: atualizar,
  });
  const falhas = new Gauge({
    name: 'portal_webhooks_entregas_falhas',
    help: 'Entregas de webhook que esgotaram as tentativas (dead letters; reenvie pelo console ou pela CLI).',
    registers: [registro],
    collect: atualizar,
  });
  const calculadoEm = new Gauge({
    name: 'portal_negocio_calculado_em_segundos',
    help: 'Quando os valores de negócio foram lidos do banco pela última vez (segundos desde 1970).',
    registers: [registro],
    collect: atualizar,
  });
  const falhasDeLeitura = new Counter({
    name: 'portal_negocio_leituras_falhas_total',
    help: 'Leituras dos valores de negócio que falharam (os últimos valores lidos são mantidos).',
    registers: [registro],
  });

  const calcular = async (): Promise<void> => {
    const agora = opcoes.clock.now();
    const [ps, rs, wh] = await Promise.all([fontes.protocolos(), fontes.reembolsos(), fontes.webhooks()]);
    const hoje = diaEmSaoPaulo(agora);
    const doisDiasUteis = somarDiasUteis(hoje, 2);

    const porReembolso = new Map<FaixaDoReembolso, number>(FAIXAS_DO_REEMBOLSO.map((f) => [f, 0]));
    for (const r of rs) {
      const f = r.prazo === null ? 'sem_prazo' : faixaDoPrazo(r.prazo, hoje, doisDiasUteis);
      porReembolso.set(f, (porReembolso.get(f) ?? 0) + r.n);
    }

    protocolos.reset();
    for (const [tipo, faixas] of Object.entries(contarPorFaixa(ps, hoje)))
      for (const [faixa, n] of Object.entries(faixas)) protocolos.set({ tipo, faixa }, n);
    reembolsos.reset();
    for (const [faixa, n] of porReembolso) reembolsos.set({ faixa }, n);
    pendentes.set(wh.pendentes);
    maisAntiga.set(wh.maisAntigaEm ? Math.max(0, (agora - wh.maisAntigaEm.getTime()) / 1000) : 0);
    falhas.set(wh.falhas);
    calculadoEm.set(agora / 1000);
  };

  // One read serves every gauge of a scrape (prom-client awaits each gauge's collect), and the
  // scrapes of the next `cacheMs` too.
  let lidoEm = Number.NEGATIVE_INFINITY;
  let leitura: Promise<void> | null = null;
  function atualizar(): Promise<void> {
    const agora = opcoes.clock.now();
    if (leitura && agora - lidoEm < opcoes.cacheMs) return leitura;
    lidoEm = agora;
    leitura = calcular().catch((err: unknown) => {
      falhasDeLeitura.inc();
      opcoes.log.warn({ err }, 'metrics: business values could not be read; the last ones are kept');
    });
    return leitura;
  }
}

/** The sources from the areas that own the tables (their public files). */
export function fontesDoNegocio(
  db: Queryable,
  services: { webhooks: Pick<WebhooksService, 'resumoDaFila'> },
): FontesDoNegocio {
  const protocolos = new FilaDeProtocolosRepository(db);
  const reembolsos = new ReembolsoRepository(db);
  return {
    protocolos: () => protocolos.abertosPorPrazo(),
    reembolsos: () => reembolsos.abertosPorPrazo(),
    webhooks: () => services.webhooks.resumoDaFila(),
  };
}
