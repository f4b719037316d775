import { randomUUID } from 'node:crypto';
import { TEXTO_COM_CONTROLE } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type TestApp } from '../test/helper';

/**
 * Issue 13, defect 5: free text with a control character reached PostgreSQL, which refuses NUL in
 * text (22021), and the member got a 500. Every free-text field now goes through the contract's
 * textoLivre: 400 with a Portuguese message, nothing written; Unicode is stored in NFC.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const chave = () => ({ headers: { 'idempotency-key': randomUUID() } });
const RECUSA = { sucesso: false, code: 'DADOS_INVALIDOS', message: TEXTO_COM_CONTROLE, erro: TEXTO_COM_CONTROLE };

describe('a control character in free text is a 400 with a Portuguese message, never a 500', () => {
  it.each(['a\u0000b', 'a\u001bb', 'a\u0007b'])('%j in comentário, observação and mensagem', async (texto) => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const antes = await count('protocolos');
    // Maria's consultation at Clínica Visão Clara, not rated in the demo.
    const avaliacao = await c.post(
      '/api/utilizacao/AvaliarAtendimento',
      {
        perfilAutenticado: perfil,
        codigoBeneficiario: BENEFICIARIO.maria,
        codigoPrestador: '10101012',
        data: '2026-01-22T09:10:00.000Z',
        nota: 4,
        comentario: texto,
      },
      chave(),
    );
    expect([avaliacao.status, avaliacao.body]).toEqual([400, RECUSA]);
    const correcao = await c.post(
      '/api/MeusDados/SolicitarCorrecao',
      { perfilAutenticado: perfil, campo: 'EMAIL', valorCorreto: 'maria@exemplo.com.br', observacao: texto },
      chave(),
    );
    expect([correcao.status, correcao.body]).toEqual([400, RECUSA]);
    const valor = await c.post(
      '/api/MeusDados/SolicitarCorrecao',
      { perfilAutenticado: perfil, campo: 'EMAIL', valorCorreto: texto },
      chave(),
    );
    expect([valor.status, valor.body]).toEqual([400, RECUSA]);
    const contato = await c.post(
      '/api/Venda/ContatoInicial',
      { perfilAutenticado: perfil, interesse: 'SOS', mensagem: texto },
      chave(),
    );
    expect([contato.status, contato.body]).toEqual([400, RECUSA]);
    expect(await count('protocolos')).toBe(antes);
  });

  it('multi-line fields keep line breaks and tabs; single-line ones refuse them; text is stored in NFC', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const decomposto = 'Informac\u0327a\u0303o:\r\n\tligar de manha\u0303';
    const ok = await c.post<{ protocolo: string }>(
      '/api/Venda/ContatoInicial',
      { perfilAutenticado: perfil, interesse: 'SOS', mensagem: decomposto },
      chave(),
    );
    expect(ok.status).toBe(200);
    const [row] = await t.db.query<{ mensagem: string }>(
      'select mensagem from contatos_comerciais where protocolo = $1',
      [ok.body.protocolo],
    );
    expect(row?.mensagem).toBe('Informação:\r\n\tligar de manhã');
    const linha = await c.post(
      '/api/MeusDados/SolicitarCorrecao',
      { perfilAutenticado: perfil, campo: 'EMAIL', valorCorreto: 'roberto@\nexemplo.com.br' },
      chave(),
    );
    expect([linha.status, linha.body]).toEqual([400, RECUSA]);
  });
});
