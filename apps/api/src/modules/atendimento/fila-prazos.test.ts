import { diaEmSaoPaulo, somarDias, somarDiasUteis } from '@portal/br';
import type { FaixaDePrazo, FilaAtendimentoResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, pedidoDeDependenteDaMaria, type TestApp } from '../../../test/helper';

// Issue 31, 'SLA at a glance': the queue's cards count the waiting protocols by kind and deadline
// band (one grouped read, the metrics' band rule) and are filters (faixa, grupo); a reimbursement's
// legal deadline is never counted with the answer deadlines. Over real HTTP on PGlite; each test
// takes its own protocols and reads them through 'Minha fila', so the seed's do not count.

let t: TestApp;
appDoArquivo((app) => (t = app));

const BASE = '/api/atendimento';
const H = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;
const get = <T>(c: Client, path: string) => c.get<T>(`${BASE}${path}`, H);

/** My own protocols, one per band given, the deadline set to fall in it (and the kind, when given). */
async function meus(c: Client, faixas: { faixa: FaixaDePrazo; tipo?: string }[]): Promise<string[]> {
  const hoje = diaEmSaoPaulo(t.clock.now());
  const dia: Record<FaixaDePrazo, string> = {
    atrasado: somarDias(hoje, -3),
    vence_hoje: hoje,
    ate_2_dias_uteis: somarDiasUteis(hoje, 2),
    mais_tarde: somarDias(somarDiasUteis(hoje, 2), 1),
  };
  const numeros: string[] = [];
  for (const f of faixas) {
    const numero = await pedidoDeDependenteDaMaria(t);
    const r = await c.post(`${BASE}/protocolos/${numero}/responsavel`, { acao: 'assumir' }, H);
    expect(r.status).toBe(200);
    await t.db.query('update protocolos set prazo_resposta = $2::date, tipo = $3 where numero = $1', [
      numero,
      dia[f.faixa],
      f.tipo ?? 'INCLUSAO_DEPENDENTE',
    ]);
    numeros.push(numero);
  }
  return numeros;
}

describe('the queue by deadline band', () => {
  it('counts my waiting protocols by kind and band, reimbursements on their own line', async () => {
    const { c } = await equipeLogada(t, 'atendente', 'faixas');
    await meus(c, [
      { faixa: 'atrasado' },
      { faixa: 'atrasado' },
      { faixa: 'vence_hoje' },
      { faixa: 'ate_2_dias_uteis' },
      { faixa: 'mais_tarde' },
      { faixa: 'atrasado', tipo: 'REEMBOLSO' },
      { faixa: 'vence_hoje', tipo: 'CORRECAO_DADOS' },
    ]);
    const r = await get<FilaAtendimentoResponse>(c, '/protocolos?responsavel=eu&faixa=mais_tarde');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.resumo).toEqual([
      { tipo: 'INCLUSAO_DEPENDENTE', faixa: 'atrasado', n: 2 },
      { tipo: 'INCLUSAO_DEPENDENTE', faixa: 'vence_hoje', n: 1 },
      { tipo: 'INCLUSAO_DEPENDENTE', faixa: 'ate_2_dias_uteis', n: 1 },
      { tipo: 'INCLUSAO_DEPENDENTE', faixa: 'mais_tarde', n: 1 },
      { tipo: 'CORRECAO_DADOS', faixa: 'vence_hoje', n: 1 },
      { tipo: 'REEMBOLSO', faixa: 'atrasado', n: 1 },
    ]);
    expect(r.body.totais).toEqual({ abertos: 7, atrasados: 3, vencemHoje: 2 });
  });

  it('an answered protocol is not counted', async () => {
    const { c } = await equipeLogada(t, 'atendente', 'respondido');
    const [numero] = await meus(c, [{ faixa: 'atrasado' }, { faixa: 'vence_hoje' }]);
    await t.db.query(`update protocolos set situacao = 'CONCLUIDO' where numero = $1`, [numero]);
    const r = await get<FilaAtendimentoResponse>(c, '/protocolos?responsavel=eu');
    expect(r.body.resumo).toEqual([{ tipo: 'INCLUSAO_DEPENDENTE', faixa: 'vence_hoje', n: 1 }]);
  });

  it.each(['atrasado', 'vence_hoje', 'ate_2_dias_uteis', 'mais_tarde'] as const)(
    'faixa=%s lists only the waiting protocols of that band, each row saying its band',
    async (faixa) => {
      const { c } = await equipeLogada(t, 'atendente', `filtro-${faixa}`);
      const numeros = await meus(c, [
        { faixa: 'atrasado' },
        { faixa: 'vence_hoje' },
        { faixa: 'ate_2_dias_uteis' },
        { faixa: 'mais_tarde' },
      ]);
      const r = await get<FilaAtendimentoResponse>(c, `/protocolos?responsavel=eu&situacao=todos&faixa=${faixa}`);
      expect(r.status).toBe(200);
      const i = ['atrasado', 'vence_hoje', 'ate_2_dias_uteis', 'mais_tarde'].indexOf(faixa);
      expect(r.body.itens.map((x) => [x.protocolo, x.faixa])).toEqual([[numeros[i], faixa]]);
    },
  );

  it('grupo=reembolsos lists only reimbursements; grupo=protocolos everything else', async () => {
    const { c } = await equipeLogada(t, 'atendente', 'grupos');
    const [reembolso, correcao, dependente] = await meus(c, [
      { faixa: 'atrasado', tipo: 'REEMBOLSO' },
      { faixa: 'atrasado', tipo: 'CORRECAO_DADOS' },
      { faixa: 'atrasado' },
    ]);
    const so = await get<FilaAtendimentoResponse>(c, '/protocolos?responsavel=eu&faixa=atrasado&grupo=reembolsos');
    expect(so.body.itens.map((x) => x.protocolo)).toEqual([reembolso]);
    const outros = await get<FilaAtendimentoResponse>(c, '/protocolos?responsavel=eu&faixa=atrasado&grupo=protocolos');
    expect(outros.body.itens.map((x) => x.protocolo).sort()).toEqual([correcao, dependente].sort());
  });

  it('an answered protocol has no band (null) in the list of everything', async () => {
    const { c } = await equipeLogada(t, 'atendente', 'sem-faixa');
    const [numero] = await meus(c, [{ faixa: 'atrasado' }]);
    await t.db.query(`update protocolos set situacao = 'CONCLUIDO' where numero = $1`, [numero]);
    const r = await get<FilaAtendimentoResponse>(c, '/protocolos?responsavel=eu&situacao=todos');
    expect(r.body.itens).toEqual([expect.objectContaining({ protocolo: numero, faixa: null, atrasado: false })]);
  });

  it('an unknown band or group is a 400 in Portuguese', async () => {
    const { c } = await equipeLogada(t, 'atendente', 'invalida');
    const faixa = await get<{ message: string }>(c, '/protocolos?faixa=amanha');
    expect(faixa.status).toBe(400);
    expect(faixa.body.message).toContain(
      "faixa inválida. Use 'atrasado', 'vence_hoje', 'ate_2_dias_uteis' ou 'mais_tarde'.",
    );
    const grupo = await get<{ message: string }>(c, '/protocolos?grupo=todos');
    expect(grupo.status).toBe(400);
    expect(grupo.body.message).toContain("grupo inválido. Use 'protocolos' ou 'reembolsos'.");
  });
});
