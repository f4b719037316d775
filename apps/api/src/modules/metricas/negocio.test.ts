import pino from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { type FontesDoNegocio, registrarMetricasDeNegocio } from './negocio';

// Noon in São Paulo on Tuesday 2026-03-10: day 25 of a reimbursement due on 2026-03-15.
const AGORA = Date.UTC(2026, 2, 10, 15);

/** The business gauges over these sources; `valor` reads one sample of a scrape. */
function comFontes(fontes: Partial<FontesDoNegocio>) {
  const registro = new Registry();
  registrarMetricasDeNegocio(
    registro,
    {
      protocolos: async () => [],
      reembolsos: async () => [],
      webhooks: async () => ({ pendentes: 0, maisAntigaEm: null, falhas: 0 }),
      importacoes: async () => ({ ultimas: [], emAndamento: 0 }),
      sessoes: async () => ({ membro: 0, equipe: 0 }),
      ...fontes,
    },
    { clock: manualClock(AGORA), cacheMs: 15_000, log: pino({ level: 'silent' }) },
  );
  return async (serie: string) => {
    const texto = await registro.metrics();
    const linha = texto.split('\n').find((l) => l.startsWith(`${serie} `));
    return linha === undefined ? undefined : Number(linha.slice(serie.length + 1));
  };
}

describe('reimbursements past day 25 of their 30', () => {
  const apos25 = (prazo: string | null, n = 1) =>
    comFontes({ reembolsos: async () => [{ prazo, n }] })('portal_reembolsos_apos_dia_25');

  it('due in 5 days (day 25 of 30) counts', async () => {
    expect(await apos25('2026-03-15', 3)).toBe(3);
  });

  it('due in 6 days (day 24) does not', async () => {
    expect(await apos25('2026-03-16')).toBe(0);
  });

  it('past its day counts', async () => {
    expect(await apos25('2026-03-01')).toBe(1);
  });

  it('pending documentation (no payment day yet) does not', async () => {
    expect(await apos25(null)).toBe(0);
  });
});

describe("each entity's last import", () => {
  const ler = comFontes({
    importacoes: async () => ({
      ultimas: [
        { entidade: 'beneficiarios', resultado: 'falhou' },
        { entidade: 'contratos', resultado: 'aplicado' },
      ],
      emAndamento: 2,
    }),
  });

  it('its result is 1', async () => {
    expect(await ler('portal_importacao_ultimo_resultado{entidade="beneficiarios",resultado="falhou"}')).toBe(1);
  });

  it('the other results are 0', async () => {
    expect([
      await ler('portal_importacao_ultimo_resultado{entidade="beneficiarios",resultado="aplicado"}'),
      await ler('portal_importacao_ultimo_resultado{entidade="beneficiarios",resultado="recusado"}'),
      await ler('portal_importacao_ultimo_resultado{entidade="contratos",resultado="falhou"}'),
    ]).toEqual([0, 0, 0]);
  });

  it('the imports running are counted', async () => {
    expect(await ler('portal_importacoes_em_andamento')).toBe(2);
  });
});
