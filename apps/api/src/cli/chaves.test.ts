import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/helper';
import { executarChaves, lerExpiracao, UsoInvalido } from './chaves';

// `npm run chaves`: the commands on the test database, then the key they print over real HTTP.
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

async function rodar(...argv: string[]): Promise<{ status: number; saida: string }> {
  const linhas: string[] = [];
  const status = await executarChaves(argv, t.db, (l) => linhas.push(l), t.clock);
  return { status, saida: linhas.join('\n') };
}

const chaveImpressa = (saida: string) => /pbk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}/.exec(saida)?.[0] ?? '';
const chamar = (chave: string) =>
  t.client().get('/api/integracao/v1/chave', { headers: { authorization: `Bearer ${chave}` } });

describe('npm run chaves', () => {
  it('criar prints the key once; listar never shows it; revogar ends it', async () => {
    const criada = await rodar('criar', '--nome', 'ERP', '--escopos', 'importar,leitura', '--expira-em', '2027-12-31');
    expect(criada.status).toBe(0);
    const chave = chaveImpressa(criada.saida);
    expect(chave).not.toBe('');
    expect(criada.saida).toContain('não será mostrada de novo');
    const id = chave.split('_')[1]!;
    expect((await chamar(chave)).status).toBe(200);

    const lista = await rodar('listar');
    expect(lista.saida).toContain(id);
    expect(lista.saida).toContain('escopos: importar, leitura');
    expect(lista.saida).toContain('expira: 2028-01-01T02:59:59.999Z');
    expect(lista.saida).not.toContain(chave.split('_').slice(2).join('_'));

    expect((await rodar('revogar', id)).status).toBe(0);
    expect((await chamar(chave)).status).toBe(401);
    expect(await rodar('revogar', id)).toEqual({ status: 1, saida: `Chave ${id} não encontrada ou já revogada.` });
    expect((await rodar('listar')).saida).toMatch(new RegExp(`${id}[\\s\\S]*situação: revogada em`));
  });

  it('rotacionar prints a new key for the same id; the old one works through the overlap', async () => {
    const chave = chaveImpressa((await rodar('criar', '--nome', 'BI', '--escopos', 'leitura')).saida);
    const id = chave.split('_')[1]!;
    const rot = await rodar('rotacionar', id, '--sobreposicao-horas', '2');
    expect(rot.status).toBe(0);
    const nova = chaveImpressa(rot.saida);
    expect(nova.startsWith(`pbk_${id}_`)).toBe(true);
    expect(nova).not.toBe(chave);
    expect(rot.saida).toContain('(2 h)');
    expect((await chamar(chave)).status).toBe(200);
    expect((await chamar(nova)).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    expect((await chamar(chave)).status).toBe(401);
    expect((await chamar(nova)).status).toBe(200);
    expect((await rodar('rotacionar', 'f'.repeat(16))).status).toBe(1);
  });

  it('criar accepts the webhooks scope (issue 17): that key opens /webhooks, a key without it does not', async () => {
    const criada = await rodar('criar', '--nome', 'ERP', '--escopos', 'webhooks');
    expect(criada.status).toBe(0);
    const chave = chaveImpressa(criada.saida);
    const semEscopo = chaveImpressa((await rodar('criar', '--nome', 'BI', '--escopos', 'leitura,protocolos')).saida);
    const listar = (k: string) =>
      t.client().get('/api/integracao/v1/webhooks', { headers: { authorization: `Bearer ${k}` } });
    expect((await listar(chave)).status).toBe(200);
    expect((await listar(semEscopo)).status).toBe(403);
    expect((await rodar('listar')).saida).toContain('escopos: webhooks');
  });

  it('refuses bad usage with a Portuguese message', async () => {
    const erros: [string[], RegExp][] = [
      [[], /Informe um comando/],
      [['apagar'], /Comando desconhecido: apagar/],
      [['criar', '--escopos', 'leitura'], /Informe --nome/],
      [['criar', '--nome', 'x'], /Informe --escopos/],
      [['criar', '--nome', 'x', '--escopos', 'admin'], /Escopo desconhecido: admin/],
      [['criar', '--nome', 'x', '--escopos', 'leitura', '--limite', '0'], /--limite deve ser um número inteiro/],
      [['revogar', 'abc'], /Id de chave inválido/],
      [['rotacionar', 'f'.repeat(16), '--sobreposicao-horas', '-1'], /--sobreposicao-horas/],
    ];
    for (const [argv, msg] of erros) await expect(rodar(...argv), argv.join(' ')).rejects.toThrow(msg);
    await expect(rodar('criar', '--nome', 'x', '--escopos', 'leitura', '--expira-em', '2020-01-01')).rejects.toThrow(
      UsoInvalido,
    );
    expect(() => lerExpiracao('31/12/2027', t.clock.now())).toThrow('Data de expiração inválida');
  });
});
