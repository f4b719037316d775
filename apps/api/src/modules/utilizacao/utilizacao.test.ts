import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

interface Item {
  categoria: string | null;
  data: string;
  procedimento: string;
  jaAvaliado: boolean;
  protocoloAvaliacao: string | null;
}
const listar = (c: Client, perfil: object, codigoBeneficiario: unknown) =>
  c.post<{ procedimentos: Item[]; mensagem?: string }>('/api/utilizacao/ListarUtilizacao', {
    perfilAutenticado: perfil,
    codigoBeneficiario,
  });
const avaliar = (c: Client, perfil: object, body: object, chave?: string) =>
  c.post<Record<string, unknown>>(
    '/api/utilizacao/AvaliarAtendimento',
    { perfilAutenticado: perfil, ...body },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

/** Maria's consultation at Clínica Visão Clara, not rated in the demo. */
const CONSULTA_VISAO = {
  codigoBeneficiario: BENEFICIARIO.maria,
  codigoPrestador: '10101012',
  data: '2026-01-22T09:10:00.000Z',
};

describe('POST /api/utilizacao/Beneficiarios', () => {
  it('the beneficiaries the member may see: the contract for a holder, himself for a dependant', async () => {
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const r = await maria.c.post('/api/utilizacao/Beneficiarios', { perfilAutenticado: maria.perfil });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { codigoBeneficiario: BENEFICIARIO.maria, nome: 'Maria Aparecida Souza' },
      { codigoBeneficiario: BENEFICIARIO.joaoPedro, nome: 'João Pedro Souza' },
      { codigoBeneficiario: BENEFICIARIO.anaClara, nome: 'Ana Clara Souza' },
    ]);
    const carlos = await membro(CPF.carlos);
    const rc = await carlos.c.post('/api/utilizacao/Beneficiarios', { perfilAutenticado: carlos.perfil });
    expect(rc.body).toEqual([{ codigoBeneficiario: BENEFICIARIO.carlos, nome: 'Carlos Eduardo Lima' }]);
    const rr = await t.client().post('/api/utilizacao/Beneficiarios', { perfilAutenticado: maria.perfil });
    expect(rr.status).toBe(401);
  });
});

describe('POST /api/utilizacao/ListarUtilizacao', () => {
  it("Maria's usage statement: newest first, every category, one unclassified, one rated", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await listar(c, perfil, BENEFICIARIO.maria);
    expect(r.status).toBe(200);
    expect(r.body.mensagem).toBeUndefined();
    expect(r.body.procedimentos[0]).toEqual({
      categoria: 'CONSULTAS',
      valor: 21,
      fantasia: 'Clínica Coração Paulista',
      local: 'São Paulo / SP',
      data: '2026-02-18T14:30:00.000Z',
      procedimento: '10101012',
      descricao: 'Consulta em consultório (no horário normal ou preestabelecido)',
      quantidade: 1,
      jaAvaliado: true,
      protocoloAvaliacao: null,
    });
    const lista = r.body.procedimentos;
    expect(lista.map((p) => p.data)).toEqual([...lista.map((p) => p.data)].sort().reverse());
    expect(new Set(lista.map((p) => p.categoria))).toEqual(
      new Set(['CONSULTAS', 'EXAMES_TERAPIAS', 'INTERNACAO', null]),
    );
    expect(lista.filter((p) => p.jaAvaliado)).toHaveLength(1);
    expect(lista.filter((p) => !p.jaAvaliado).length).toBeGreaterThan(0);
  });

  it("Ana Clara has none: an empty list with the 'Aviso sobre o Histórico' note", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await listar(c, perfil, BENEFICIARIO.anaClara);
    expect(r.body).toEqual({
      procedimentos: [],
      mensagem:
        'Ainda não há atendimentos registrados para este beneficiário. Os atendimentos aparecem aqui depois de processados pela operadora, o que pode levar alguns dias.',
    });
  });

  it("another contract's code, or a relative's for a dependant, reads as not found", async () => {
    const nf = {
      sucesso: false,
      code: 'NAO_ENCONTRADO',
      message: 'Beneficiário não encontrado neste contrato.',
      erro: 'Beneficiário não encontrado neste contrato.',
    };
    const maria = await membro(CPF.maria, CONTRATO.maria);
    for (const codigo of [BENEFICIARIO.carlos, BENEFICIARIO.roberto, '999999999'])
      expect((await listar(maria.c, maria.perfil, codigo)).body).toEqual(nf);
    const carlos = await membro(CPF.carlos);
    expect((await listar(carlos.c, carlos.perfil, BENEFICIARIO.marcos)).body).toEqual(nf);
    expect((await listar(carlos.c, carlos.perfil, BENEFICIARIO.carlos)).body.procedimentos).toHaveLength(2);
    for (const [codigo, message] of [
      [undefined, 'Informe o beneficiário.'],
      ['abc', 'Beneficiário inválido.'],
    ] as const) {
      const bad = await listar(maria.c, maria.perfil, codigo);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
    const semCookie = await listar(t.client(), maria.perfil, BENEFICIARIO.maria);
    expect(semCookie.status).toBe(401);
    expect(semCookie.text).not.toContain('Coração');
  });
});

describe('POST /api/utilizacao/AvaliarAtendimento', () => {
  it('stores one rating per care with a protocol; the list then says jaAvaliado', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await avaliar(c, perfil, { ...CONSULTA_VISAO, nota: 4, comentario: '  Boa consulta, pouca espera.  ' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      mensagem: 'Avaliação enviada!',
      protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
      prazoResposta: '2026-03-19',
    });
    const [row] = await t.db.query(
      `select av.nota, av.comentario, av.cpf from avaliacoes_atendimento av
         join atendimentos a on a.id = av.atendimento_id where av.protocolo = $1`,
      [r.body.protocolo],
    );
    expect(row).toEqual({ nota: 4, comentario: 'Boa consulta, pouca espera.', cpf: CPF.maria });
    const [p] = await t.db.query('select tipo, situacao, codigo_beneficiario from protocolos where numero = $1', [
      r.body.protocolo,
    ]);
    expect(p).toEqual({
      tipo: 'AVALIACAO_ATENDIMENTO',
      situacao: 'CONCLUIDO',
      codigo_beneficiario: BENEFICIARIO.maria,
    });
    const item = (await listar(c, perfil, BENEFICIARIO.maria)).body.procedimentos.find(
      (i) => i.data === CONSULTA_VISAO.data && i.procedimento === '10101012',
    );
    expect(item).toMatchObject({ jaAvaliado: true, protocoloAvaliacao: r.body.protocolo });

    const again = await avaliar(c, perfil, { ...CONSULTA_VISAO, nota: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'JA_REGISTRADO', message: 'Este atendimento já foi avaliado.' });
    // The care rated before the portal existed is rated too.
    const antiga = await avaliar(c, perfil, {
      codigoBeneficiario: BENEFICIARIO.maria,
      codigoPrestador: '10101012',
      data: '2026-02-18T11:30:00-03:00',
      nota: 3,
    });
    expect(antiga.status).toBe(409);
  });

  it('20 identical ratings at once: one row (with a key every answer is the same; without, the rest are refused)', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const hemograma = {
      codigoBeneficiario: BENEFICIARIO.maria,
      codigoPrestador: '40304361',
      data: '2026-01-22T10:05:00Z',
    };
    const chave = randomUUID();
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => avaliar(c, perfil, { ...hemograma, nota: 5 }, chave)),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.text)).size).toBe(1);
    const fisio = { codigoBeneficiario: BENEFICIARIO.maria, codigoPrestador: '50000470', data: '2025-10-02T11:00:00Z' };
    const semChave = await Promise.all(Array.from({ length: 20 }, () => avaliar(c, perfil, { ...fisio, nota: 2 })));
    expect(semChave.filter((r) => r.status === 200)).toHaveLength(1);
    expect(semChave.filter((r) => r.status === 409)).toHaveLength(19);
    expect(
      await count(
        `avaliacoes_atendimento av join atendimentos a on a.id = av.atendimento_id
          where a.codigo_procedimento in ('40304361', '50000470') and a.codigo_beneficiario = $1`,
        [BENEFICIARIO.maria],
      ),
    ).toBe(2);
  });

  it('a whole score 1–5 is required; the comment is bounded', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const rm = { codigoBeneficiario: BENEFICIARIO.maria, codigoPrestador: '41101014', data: '2025-12-09T13:00:00Z' };
    for (const [over, message] of [
      [{ nota: undefined }, 'Por favor, selecione uma nota para a avaliação.'],
      [{ nota: 0 }, 'A nota deve ser um número inteiro de 1 a 5.'],
      [{ nota: 6 }, 'A nota deve ser um número inteiro de 1 a 5.'],
      [{ nota: 3.5 }, 'A nota deve ser um número inteiro de 1 a 5.'],
      [{ nota: '4' }, 'Por favor, selecione uma nota para a avaliação.'],
      [{ nota: 4, comentario: 'x'.repeat(501) }, 'O comentário deve ter no máximo 500 caracteres.'],
      [{ nota: 4, comentario: 42 }, 'Comentário inválido.'],
      [{ nota: 4, data: 'ontem' }, 'Data do atendimento inválida.'],
      [{ nota: 4, codigoPrestador: 'abc' }, 'Atendimento inválido.'],
    ] as const) {
      const r = await avaliar(c, perfil, { ...rm, ...over });
      expect(r.status, message).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
    // 500 characters are fine; a null comment too.
    expect((await avaliar(c, perfil, { ...rm, nota: 4, comentario: 'y'.repeat(500) })).status).toBe(200);
  });

  it("another contract's care, or a relative's for a dependant, is not found", async () => {
    const nf = { code: 'NAO_ENCONTRADO', message: 'Atendimento não encontrado.' };
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const deRoberto = {
      codigoBeneficiario: BENEFICIARIO.roberto,
      codigoPrestador: '40901122',
      data: '2025-09-19T15:10:00Z',
    };
    expect((await avaliar(maria.c, maria.perfil, { ...deRoberto, nota: 1 })).body).toMatchObject(nf);
    const carlos = await membro(CPF.carlos);
    const deMarcos = {
      codigoBeneficiario: BENEFICIARIO.marcos,
      codigoPrestador: '30912016',
      data: '2025-11-07T17:20:00Z',
    };
    expect((await avaliar(carlos.c, carlos.perfil, { ...deMarcos, nota: 1 })).status).toBe(404);
    const inexistente = { ...CONSULTA_VISAO, data: '2026-01-22T09:11:00Z' };
    expect((await avaliar(maria.c, maria.perfil, { ...inexistente, nota: 1 })).body).toMatchObject(nf);
    for (const c of [t.client(), carlos.c]) {
      const r = await avaliar(c, maria.perfil, { ...CONSULTA_VISAO, nota: 1 });
      expect(r.status).toBe(401);
    }
    expect(await count('avaliacoes_atendimento where cpf = $1', [CPF.carlos])).toBe(0);
  });
});
