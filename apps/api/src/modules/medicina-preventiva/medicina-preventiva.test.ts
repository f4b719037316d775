import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

const MARIA = {
  cpf: CPF.maria,
  nome: 'Maria Aparecida Souza',
  dataNascimento: '1978-04-12',
  cidade: 'São Paulo',
  telefone: '11987654321',
  programa: 'BemBebe',
};

const inscrever = (c: Client, perfil: object, body: object, chave?: string) =>
  c.post<Record<string, unknown>>(
    '/api/MedicinaPreventiva/FazerInscricao',
    { perfilAutenticado: perfil, ...body },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

describe('POST /api/MedicinaPreventiva/FazerInscricao', () => {
  it('stores the enrolment with a protocol; a second one for the same programme is refused', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await inscrever(c, perfil, { ...MARIA, cpf: '529.982.247-25', telefone: '(11) 3456-7890' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      mensagem: 'Inscrição realizada com sucesso! Entraremos em contato em breve.',
      protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
      prazoResposta: '2026-03-19',
    });
    const [row] = await t.db.query(
      `select codigo_beneficiario, cpf_solicitante, programa, cidade, telefone, situacao
         from inscricoes_preventivas where protocolo = $1`,
      [r.body.protocolo],
    );
    expect(row).toEqual({
      codigo_beneficiario: BENEFICIARIO.maria,
      cpf_solicitante: CPF.maria,
      programa: 'BemBebe',
      cidade: 'São Paulo',
      telefone: '1134567890',
      situacao: 'RECEBIDA',
    });
    const [p] = await t.db.query('select tipo, situacao, codigo_beneficiario from protocolos where numero = $1', [
      r.body.protocolo,
    ]);
    expect(p).toEqual({
      tipo: 'INSCRICAO_MEDICINA_PREVENTIVA',
      situacao: 'ABERTO',
      codigo_beneficiario: BENEFICIARIO.maria,
    });
    expect(
      await count('outbox where mensagem like $1', [`%${formatarNumeroProtocolo(r.body.protocolo as string)}%`]),
    ).toBe(1);

    const again = await inscrever(c, perfil, MARIA);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'JA_REGISTRADO',
      message: `Maria Aparecida Souza já está inscrito(a) no programa BemBebe (protocolo ${r.body.protocolo as string}).`,
    });
  });

  it('20 identical submissions at once make one enrolment', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const chave = randomUUID();
    const body = {
      cpf: CPF.roberto,
      nome: 'Roberto Alves Pereira',
      dataNascimento: '1965-11-30',
      cidade: 'Belo Horizonte',
      telefone: '31991234567',
      programa: 'BemBebe',
    };
    const rs = await Promise.all(Array.from({ length: 20 }, () => inscrever(c, perfil, body, chave)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.body.protocolo)).size).toBe(1);
    expect(await count('inscricoes_preventivas where cpf_solicitante = $1', [CPF.roberto])).toBe(1);
  });

  it("a CPF outside the session's contract is not found; name and birth date must be the ones on file", async () => {
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const nf = {
      sucesso: false,
      code: 'NAO_ENCONTRADO',
      message: 'Beneficiário não encontrado neste contrato.',
      erro: 'Beneficiário não encontrado neste contrato.',
    };
    const roberto = { ...MARIA, cpf: CPF.roberto, nome: 'Roberto Alves Pereira', dataNascimento: '1965-11-30' };
    expect((await inscrever(maria.c, maria.perfil, roberto)).body).toEqual(nf);
    // A dependant enrols only himself: his father's CPF is not found for him.
    const carlos = await membro(CPF.carlos);
    const marcos = { ...MARIA, cpf: CPF.marcos, nome: 'Marcos Antônio Lima', dataNascimento: '1968-03-18' };
    expect((await inscrever(carlos.c, carlos.perfil, marcos)).body).toEqual(nf);
    // Maria's cancelled profile is another contract.
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    expect((await inscrever(antigo.c, antigo.perfil, MARIA)).status).toBe(404);
    // The holder may enrol her daughter, with the daughter's data.
    const ana = { ...MARIA, cpf: CPF.anaClara, nome: 'ANA CLARA SOUZA', dataNascimento: '27/01/2013' };
    expect((await inscrever(maria.c, maria.perfil, ana)).status).toBe(200);
    const errada = await inscrever(maria.c, maria.perfil, { ...ana, cpf: CPF.joaoPedro });
    expect(errada.status).toBe(422);
    expect(errada.body).toMatchObject({
      code: 'DADOS_DIVERGENTES',
      message: 'Nome ou data de nascimento não conferem com o cadastro do beneficiário.',
    });
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const [over, message] of [
      [{ cpf: undefined }, 'Informe o CPF.'],
      [{ cpf: '52998224724' }, 'CPF inválido.'],
      [{ nome: '' }, 'Informe o nome.'],
      [{ dataNascimento: '31/02/1978' }, 'Data de nascimento inválida.'],
      [{ cidade: '' }, 'Informe a cidade.'],
      [{ telefone: '' }, 'Informe o telefone.'],
      [{ telefone: '1198765' }, 'Telefone inválido. Informe DDD e número, por exemplo (11) 98765-4321.'],
      [{ telefone: '(00) 98765-4321' }, 'Telefone inválido. Informe DDD e número, por exemplo (11) 98765-4321.'],
      [{ programa: '' }, 'Selecione um programa.'],
      [{ programa: 'Outro' }, 'Selecione um programa.'],
    ] as const) {
      const r = await inscrever(c, perfil, { ...MARIA, ...over });
      expect(r.status, message).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });

  it("another browser holding Maria's session code, or no cookie, gets 401", async () => {
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const roberto = await membro(CPF.roberto);
    for (const c of [roberto.c, t.client()]) {
      const r = await inscrever(c, maria.perfil, MARIA);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    }
  });
});
