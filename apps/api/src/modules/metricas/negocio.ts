import { diaEmSaoPaulo, somarDias, somarDiasUteis } from '@portal/br';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { contarPorFaixa, FAIXAS_DE_PRAZO, type FaixaDePrazo, faixaDoPrazo } from '../../lib/prazos';
import { FilaDeProtocolosRepository } from '../../core/protocolos/repository';
import { type ResultadoDaImportacao, resumoParaMetricas } from '../importacao';
import { ReembolsoRepository } from '../reembolso';
import type { WebhooksService } from '../../core/webhooks/service';
import type { SessionService } from '../../core/sessao/service';

/** Where the business values come from: one grouped query each, over the queues' partial indexes. */
export interface FontesDoNegocio {
  protocolos(): Promise<{ tipo: string; prazo: string; n: number }[]>;
  reembolsos(): Promise<{ prazo: string | null; n: number }[]>;
  webhooks(): Promise<{ pendentes: number; maisAntigaEm: Date | null; falhas: number }>;
  importacoes(): Promise<{ ultimas: { entidade: string; resultado: ResultadoDaImportacao }[]; emAndamento: number }>;
  /** Sessions alive now: the members' and the staff console's. */
  sessoes(): Promise<{ membro: number; equipe: number }>;
}

const RESULTADOS_DA_IMPORTACAO: readonly ResultadoDaImportacao[] = ['aplicado', 'recusado', 'falhou'];

/**
 * Lei 9.656/98's 30 days for a reimbursement: one is "past day 25" when 5 days or fewer are left
 * (or its day has gone), the operator's last call to pay it in time.
 */
export const DIAS_FINAIS_DO_REEMBOLSO = 5;

/**
 * A read shared by every gauge of a scrape and the scrapes of the next `cacheMs` (prom-client awaits
 * each gauge's collect): at most one per interval per instance, never per request. `ler` handles
 * its own failures (the last values are kept).
 */
export function umaVezPorIntervalo(ler: () => Promise<void>, opcoes: { clock: Clock; cacheMs: number }) {
  let lidoEm = Number.NEGATIVE_INFINITY;
  let leitura: Promise<void> | null = null;
  return (): Promise<void> => {
    const agora = opcoes.clock.now();
    if (leitura && agora - lidoEm < opcoes.cacheMs) return leitura;
    lidoEm = agora;
    leitura = ler();
    return leitura;
  };
}

type FaixaDoReembolso = FaixaDePrazo | 'sem_prazo';
const FAIXAS_DO_REEMBOLSO: readonly FaixaDoReembolso[] = [...FAIXAS_DE_PRAZO, 'sem_prazo'];

/**
 * The operator's queues as gauges (issue 32, decision 0051): protocols waiting by type and deadline
 * band, reimbursements by legal payment band (and those past day 25 of their 30), the webhook
 * queue, each entity's last import, the sessions alive. They are read from the database at
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
  const aposDia25 = new Gauge({
    name: 'portal_reembolsos_apos_dia_25',
    help: 'Reembolsos nem pagos nem negados com 25 ou mais dos 30 dias do prazo legal passados (faltam 5 dias ou menos, ou o prazo passou).',
    registers: [registro],
    collect: atualizar,
  });
  const ultimaImportacao = new Gauge({
    name: 'portal_importacao_ultimo_resultado',
    help: 'A última importação concluída de cada entidade (fora as simulações): 1 no seu resultado (aplicado, recusado, falhou), 0 nos outros.',
    labelNames: ['entidade', 'resultado'],
    registers: [registro],
    collect: atualizar,
  });
  const importando = new Gauge({
    name: 'portal_importacoes_em_andamento',
    help: 'Importações em andamento (com sinal de vida nos últimos 2 minutos), em qualquer instância.',
    registers: [registro],
    collect: atualizar,
  });
  const sessoes = new Gauge({
    name: 'portal_sessoes_ativas',
    help: 'Sessões vivas em todas as instâncias (lidas do banco): abertas, antes do fim e usadas dentro do tempo de ociosidade, por tipo (membro, equipe).',
    labelNames: ['tipo'],
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
    const [ps, rs, wh, im, ss] = await Promise.all([
      fontes.protocolos(),
      fontes.reembolsos(),
      fontes.webhooks(),
      fontes.importacoes(),
      fontes.sessoes(),
    ]);
    const hoje = diaEmSaoPaulo(agora);
    const doisDiasUteis = somarDiasUteis(hoje, 2);
    const limiteDosDiasFinais = somarDias(hoje, DIAS_FINAIS_DO_REEMBOLSO);

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
    aposDia25.set(rs.reduce((s, r) => (r.prazo !== null && r.prazo <= limiteDosDiasFinais ? s + r.n : s), 0));
    ultimaImportacao.reset();
    for (const { entidade, resultado } of im.ultimas)
      for (const r of RESULTADOS_DA_IMPORTACAO)
        ultimaImportacao.set({ entidade, resultado: r }, r === resultado ? 1 : 0);
    importando.set(im.emAndamento);
    pendentes.set(wh.pendentes);
    maisAntiga.set(wh.maisAntigaEm ? Math.max(0, (agora - wh.maisAntigaEm.getTime()) / 1000) : 0);
    falhas.set(wh.falhas);
    sessoes.set({ tipo: 'membro' }, ss.membro);
    sessoes.set({ tipo: 'equipe' }, ss.equipe);
    calculadoEm.set(agora / 1000);
  };

  const lerUmaVez = umaVezPorIntervalo(
    () =>
      calcular().catch((err: unknown) => {
        falhasDeLeitura.inc();
        opcoes.log.warn({ err }, 'metrics: business values could not be read; the last ones are kept');
      }),
    opcoes,
  );
  function atualizar(): Promise<void> {
    return lerUmaVez();
  }
}

/** The sources from the areas that own the tables (their public files). */
export function fontesDoNegocio(
  db: Queryable,
  services: {
    webhooks: Pick<WebhooksService, 'resumoDaFila'>;
    sessoes: Pick<SessionService, 'ativas'>;
    /** The staff console's sessions (modules/atendimento has no public file this area may import). */
    equipe: { sessoesAtivas(): Promise<number> };
  },
): FontesDoNegocio {
  const protocolos = new FilaDeProtocolosRepository(db);
  const reembolsos = new ReembolsoRepository(db);
  return {
    protocolos: () => protocolos.abertosPorPrazo(),
    reembolsos: () => reembolsos.abertosPorPrazo(),
    webhooks: () => services.webhooks.resumoDaFila(),
    importacoes: () => resumoParaMetricas(db),
    sessoes: async () => {
      const [membro, equipe] = await Promise.all([services.sessoes.ativas(), services.equipe.sessoesAtivas()]);
      return { membro, equipe };
    },
  };
}
