import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { COOKIE_SESSAO } from '../../lib/cookies';
import { AppError } from '../../lib/app-error';
import { canonico, hashDoCorpo } from './idempotencia';
import { FalhaComEfeito } from './solicitacoes';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

interface Resposta {
  sucesso: boolean;
  protocolo: string;
  prazoResposta: string;
}

const contato = (c: Client, perfil: object, chave?: string, interesse = 'SOS') =>
  c.post<Resposta>(
    '/api/Venda/ContatoInicial',
    { perfilAutenticado: perfil, interesse },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

describe('protocol numbers (RN 623/2024)', () => {
  it('ANS registration + São Paulo date + a daily sequence; 7 business days to answer', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const a = await contato(c, perfil);
    const b = await contato(c, perfil);
    expect(a.status).toBe(200);
    expect(a.body.protocolo).toMatch(/^41729720260310\d{6}$/);
    expect(Number(b.body.protocolo.slice(-6))).toBe(Number(a.body.protocolo.slice(-6)) + 1);
    expect(a.body.prazoResposta).toBe('2026-03-19');
    const [row] = await t.db.query<Record<string, unknown>>(
      `select cpf, codigo_contrato, tipo, situacao, prazo_resposta::text as prazo, canal from protocolos where numero = $1`,
      [a.body.protocolo],
    );
    expect(row).toEqual({
      cpf: CPF.roberto,
      codigo_contrato: CONTRATO.roberto,
      tipo: 'CONTATO_COMERCIAL',
      situacao: 'ABERTO',
      prazo: '2026-03-19',
      canal: 'PORTAL',
    });
  });

  it('the day turns at midnight in São Paulo, and the sequence starts again', async () => {
    t.clock.set(Date.parse('2026-03-11T02:59:00Z')); // 23:59 of the 10th in São Paulo
    const { c, perfil } = await membro(CPF.roberto);
    expect((await contato(c, perfil)).body.protocolo).toMatch(/^41729720260310/);
    t.clock.set(Date.parse('2026-03-11T03:00:00Z'));
    expect((await contato(c, perfil)).body.protocolo).toBe('41729720260311000001');
    expect((await contato(c, perfil)).body.protocolo).toBe('41729720260311000002');
  });

  it('a request that fails after taking its number gives it back: no gaps', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const antes = (await contato(c, perfil)).body.protocolo;
    const membroRoberto = await t.app.services.sessoes.membro(c.cookies.get(COOKIE_SESSAO), perfil.codigoSessao, {
      ip: '10.0.0.1',
      userAgent: null,
    });
    const falha = t.app.services.solicitacoes.registrar({
      membro: membroRoberto,
      origin: { ip: '10.0.0.1', userAgent: null },
      rota: '/teste',
      chave: undefined,
      corpo: {},
      executar: async (ctx) => {
        await ctx.abrirProtocolo({ tipo: 'CONTATO_COMERCIAL', assunto: 'teste', situacao: 'ABERTO' });
        await ctx.avisarMembro('teste', 'não deve sair');
        throw new AppError(409, 'JA_REGISTRADO', 'recusado depois do número');
      },
    });
    await expect(falha).rejects.toThrow('recusado depois do número');
    const depois = (await contato(c, perfil)).body.protocolo;
    expect(BigInt(depois) - BigInt(antes)).toBe(1n);
    expect(await count("outbox where mensagem like '%não deve sair%'")).toBe(0);
  });

  it('a refusal that must keep its effects commits them but stores no answer', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const m = await t.app.services.sessoes.membro(c.cookies.get(COOKIE_SESSAO), perfil.codigoSessao, {
      ip: '10.0.0.1',
      userAgent: null,
    });
    const chave = randomUUID();
    const pedido = (fail: boolean) =>
      t.app.services.solicitacoes.registrar({
        membro: m,
        origin: { ip: '10.0.0.1', userAgent: null },
        rota: '/teste/efeito',
        chave,
        corpo: { a: 1 },
        executar: async (ctx) => {
          await ctx.auditar('codigo_contratacao_falha', { marca: 'efeito-mantido' });
          if (fail) throw new FalhaComEfeito(new AppError(422, 'CODIGO_INVALIDO', 'errado'));
          return { ok: true };
        },
      });
    await expect(pedido(true)).rejects.toThrow('errado');
    expect(await count(`audit_log where detail->>'marca' = 'efeito-mantido'`)).toBe(1);
    expect(await count('idempotencia where chave = $1', [chave])).toBe(0);
    // The same key is free again for the corrected request.
    expect(await pedido(false)).toEqual({ ok: true });
  });

  it('20 different requests at once get 20 different, consecutive numbers', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const rs = await Promise.all(Array.from({ length: 20 }, () => contato(c, perfil)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    const seqs = rs.map((r) => Number(r.body.protocolo.slice(-6))).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(20);
    expect(seqs[19]! - seqs[0]!).toBe(19);
  });
});

describe('idempotency (Idempotency-Key)', () => {
  it('20 identical requests at once: one request stored, every answer the same', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const chave = randomUUID();
    const antes = await count('contatos_comerciais');
    const rs = await Promise.all(Array.from({ length: 20 }, () => contato(c, perfil, chave)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.text)).size).toBe(1);
    expect(await count('contatos_comerciais')).toBe(antes + 1);
    expect(await count('protocolos where numero = $1', [rs[0]!.body.protocolo])).toBe(1);
    expect(
      await count('outbox where mensagem like $1', [`%${formatarNumeroProtocolo(rs[0]!.body.protocolo as string)}%`]),
    ).toBe(1);
  });

  it('a retry later, even from a new session, gets the first answer', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const chave = randomUUID();
    const primeira = await contato(c, perfil, chave);
    t.clock.advance(60_000);
    const outra = await membro(CPF.roberto);
    const repetida = await contato(outra.c, outra.perfil, chave);
    expect(repetida.status).toBe(200);
    expect(repetida.body).toEqual(primeira.body);
  });

  it('the same key with another body is refused (422), and changes nothing', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const chave = randomUUID();
    await contato(c, perfil, chave, 'SOS');
    const antes = await count('contatos_comerciais');
    const r = await contato(c, perfil, chave, 'ORTOPEDICO');
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'IDEMPOTENCIA_CONFLITO',
      message:
        'Esta chave de idempotência já foi usada em outra solicitação. Envie uma nova chave para uma nova solicitação.',
      erro: 'Esta chave de idempotência já foi usada em outra solicitação. Envie uma nova chave para uma nova solicitação.',
    });
    expect(await count('contatos_comerciais')).toBe(antes);
  });

  it("a key is the member's own: another member's request with it is a new request", async () => {
    const roberto = await membro(CPF.roberto);
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const chave = randomUUID();
    const a = await contato(roberto.c, roberto.perfil, chave);
    const b = await contato(maria.c, maria.perfil, chave);
    expect(b.status).toBe(200);
    expect(b.body.protocolo).not.toBe(a.body.protocolo);
  });

  it('a key that is not a UUID is refused with a Portuguese message', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    for (const chave of ['123', 'x'.repeat(300), "'; drop table protocolos; --"]) {
      const r = await contato(c, perfil, chave);
      expect(r.status, chave).toBe(400);
      expect(r.body).toMatchObject({
        code: 'DADOS_INVALIDOS',
        message: 'A chave de idempotência (Idempotency-Key) deve ser um UUID.',
      });
    }
  });

  it('the body hash ignores key order and the session code', () => {
    expect(canonico({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(hashDoCorpo({ perfilAutenticado: { codigoSessao: 1 }, x: 1, y: 2 })).toBe(
      hashDoCorpo({ y: 2, x: 1, perfilAutenticado: { codigoSessao: 2 } }),
    );
    expect(hashDoCorpo({ x: 1 })).not.toBe(hashDoCorpo({ x: 2 }));
  });
});

describe('retention', () => {
  it('stored answers go after 7 days; protocols stay', async () => {
    const service = t.app.services.retencao;
    const guardadas = await count('idempotencia');
    const protocolos = await count('protocolos');
    expect(guardadas).toBeGreaterThan(0);
    expect((await service.prune())!.idempotencia).toBe(0);
    t.clock.advance(8 * 86_400_000);
    expect((await service.prune())!.idempotencia).toBe(guardadas);
    expect(await count('protocolos')).toBe(protocolos);
  });
});
