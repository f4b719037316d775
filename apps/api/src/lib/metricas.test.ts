import { describe, expect, it } from 'vitest';
import { indiceDaOperacao, Metricas } from './metricas';

describe("a statement's kind, for portal_banco_consultas_segundos", () => {
  it.each([
    ['select 1', 0],
    ['\n      SELECT s.codigo_sessao from sessions s', 0],
    ['insert into sessions values ($1)', 1],
    ['Update sessions set encerrado_em = $2', 2],
    ['  delete from rate_counters', 3],
    ['with x as (select 1) select * from x', 4],
    ['begin', 4],
    ['', 4],
  ])('%j → %i', (sql, indice) => {
    expect(indiceDaOperacao(sql)).toBe(indice);
  });
});

describe('labels of staff actions', () => {
  it('an audit code is its own label; anything else is outro', async () => {
    const m = new Metricas();
    m.acaoDaEquipe('atendente', 'equipe_respondeu');
    m.acaoDaEquipe('atendente', 'Maria 52998224725');
    const texto = (await m.texto()).corpo;
    expect(texto).toContain('portal_equipe_acoes_total{papel="atendente",acao="equipe_respondeu"} 1');
    expect(texto).toContain('portal_equipe_acoes_total{papel="atendente",acao="outro"} 1');
    expect(texto).not.toContain('52998224725');
  });
});
