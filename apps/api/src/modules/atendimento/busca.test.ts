import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSCA_ATENDIMENTO,
  formatarNumeroProtocolo,
  type BuscaAtendimentoResponse,
  type PapelEquipe,
} from '@portal/contract';
import { equipeLogada } from '../../../test/equipe';
import { appDoArquivo, BENEFICIARIO, type Client, CONTRATO, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pedidoDeReembolso } from '../../../test/reembolso';
import { criteriosDaBusca } from './busca';

// The console's one search box (issue 31 "Find anyone, from anywhere"), over real HTTP on PGlite (and
// PostgreSQL with TEST_PG_URL): a CPF with dots, a name without accents, a protocol number in any
// grouping, a card number, a receipt number; the staff session as the only way in; an audit row each.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const H = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;

const logado = (papel: PapelEquipe = 'atendente') => equipeLogada(t, papel, 'busca');

const buscar = (c: Client, q: string) =>
  c.get<BuscaAtendimentoResponse & Json>(`${BASE}/busca?q=${encodeURIComponent(q)}`, H);

/** The people an attendant finds with `q`, by name. */
async function achados(q: string) {
  const { c } = await logado();
  const r = await buscar(c, q);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.pessoas;
}

let k = 0;
/** Maria asks for a reimbursement of Ana Clara's care (her dependant), with this receipt number. */
async function reembolsoDaMaria(numeroRecibo: string): Promise<string> {
  k++;
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const imagem = await sharp({ create: { width: 64, height: 48, channels: 3, background: `#5${k % 10}3` } })
    .jpeg()
    .toBuffer();
  const foto = await enviarAnexo(c, perfil, imagem, { documento: 'comprovante_pagamento', nome: 'recibo.jpg' });
  expect(foto.status, JSON.stringify(foto.body)).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([foto.body.id as string], { numeroRecibo }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

describe('what a text is looked up by', () => {
  it('a CPF with dots and dash is its 11 digits, and not a name', () => {
    expect(criteriosDaBusca('529.982.247-25')).toMatchObject({ cpf: '52998224725', protocolo: null, palavras: [] });
  });

  it('a protocol number in any grouping is its 20 digits', () => {
    expect(criteriosDaBusca('417297 2026.0310-000001').protocolo).toBe('41729720260310000001');
  });

  it('a name is its words without accents or case', () => {
    expect(criteriosDaBusca('  MARCOS Antônio ').palavras).toEqual(['marcos', 'antonio']);
  });

  it('only words under 3 letters are no name search (a trigram index cannot narrow them)', () => {
    expect(criteriosDaBusca('jo li').palavras).toEqual([]);
  });
});

describe('GET /api/atendimento/busca', () => {
  it('a CPF with dots finds Maria: masked CPF, her contracts and plan, her protocols the most recent first', async () => {
    const [maria, ...outras] = await achados('529.982.247-25');
    expect(outras).toEqual([]);
    expect(maria).toMatchObject({ nome: 'Maria Aparecida Souza', cpf: '***.982.247-**', encontradoPor: 'cpf' });
    expect(maria?.vinculos).toContainEqual(
      expect.objectContaining({
        codigoBeneficiario: BENEFICIARIO.maria,
        codigoContrato: CONTRATO.maria,
        parentesco: 'Titular',
        situacao: 'Ativo',
      }),
    );
    expect(maria?.vinculos.find((v) => v.codigoContrato === CONTRATO.mariaCancelado)?.situacao).toMatch(
      /^Contrato cancelado em \d\d\/\d\d\/\d{4}$/,
    );
    const datas = maria?.protocolos.map((p) => p.criadoEm) ?? [];
    expect(datas.length).toBeGreaterThan(1);
    expect(datas).toEqual([...datas].sort().reverse());
    expect(JSON.stringify(maria)).not.toContain(CPF.maria);
  });

  it('a name without accents finds an accented name, in any case', async () => {
    const pessoas = await achados('marcos ANTONIO');
    expect(pessoas.map((p) => p.nome)).toEqual(['Marcos Antônio Lima']);
    expect(pessoas[0]?.encontradoPor).toBe('nome');
  });

  it('part of a name finds everyone with it, by name', async () => {
    const nomes = (await achados('souz')).map((p) => p.nome);
    expect(nomes).toEqual(expect.arrayContaining(['Ana Clara Souza', 'João Pedro Souza', 'Maria Aparecida Souza']));
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('a protocol number with spaces and dots finds who asked, with the protocol in the list', async () => {
    const [p] = await t.db.query<{ numero: string }>(
      `select numero from protocolos where cpf = $1 and tipo <> 'REEMBOLSO' order by criado_em desc limit 1`,
      [CPF.maria],
    );
    const numero = p!.numero;
    const digitado = formatarNumeroProtocolo(numero).replace(' ', '.'); // '417297.20260310 000001'
    const pessoas = await achados(digitado);
    const maria = pessoas.find((x) => x.nome === 'Maria Aparecida Souza');
    expect(maria?.encontradoPor).toBe('protocolo');
    expect(maria?.protocolos.map((x) => x.protocolo)).toContain(numero);
  });

  it('a card number finds its beneficiary', async () => {
    const pessoas = await achados(BENEFICIARIO.joaoPedro);
    expect(pessoas).toEqual([expect.objectContaining({ nome: 'João Pedro Souza', encontradoPor: 'carteirinha' })]);
  });

  it('a receipt number, typed with other punctuation, finds who asked and whose care it was, with the reimbursement', async () => {
    const protocolo = await reembolsoDaMaria('NF-2026/000777');
    const pessoas = await achados('nf 2026.000777');
    expect(pessoas.map((p) => [p.nome, p.encontradoPor])).toEqual([
      ['Ana Clara Souza', 'recibo'],
      ['Maria Aparecida Souza', 'recibo'],
    ]);
    for (const p of pessoas)
      expect(p.reembolsos[0]).toMatchObject({
        protocolo,
        numeroRecibo: 'NF-2026/000777',
        beneficiario: 'Ana Clara Souza',
        valorPago: 350,
        situacao: 'recebido',
        codigoContrato: CONTRATO.maria,
      });
    // A reimbursement is listed as one, not again among the protocols.
    expect(pessoas.flatMap((p) => p.protocolos.map((x) => x.protocolo))).not.toContain(protocolo);
  });

  it('an ordinary name is no common name: nomeComum is false', async () => {
    const { c } = await logado();
    const r = await buscar(c, 'souz');
    expect(r.body).toMatchObject({ mais: false, nomeComum: false });
  });

  it('finds nobody for a CPF not in the register', async () => {
    expect(await achados(CPF.ninguem)).toEqual([]);
  });

  it('refuses a text under 3 characters with a Portuguese 400, and reads nothing', async () => {
    const { c, id } = await logado();
    const r = await buscar(c, ' ab ');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Digite pelo menos 3 caracteres');
    const linhas = await t.db.query('select 1 from equipe_auditoria where conta_id = $1 and evento = $2', [
      id,
      'equipe_buscou',
    ]);
    expect(linhas).toEqual([]);
  });

  it('refuses a text without q with a Portuguese 400', async () => {
    const { c } = await logado();
    const r = await c.get<Json>(`${BASE}/busca`, H);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Digite o que buscar');
  });

  it('writes one audit row per search: who, the text as typed, and the contracts shown', async () => {
    const { c, id } = await logado('supervisor');
    expect((await buscar(c, '529.982.247-25')).status).toBe(200);
    expect((await buscar(c, 'marcos antonio')).status).toBe(200);
    const linhas = await t.db.query<{ codigo_contrato: string | null; detalhe: Json | string }>(
      `select codigo_contrato, detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_buscou' order by id`,
      [id],
    );
    const detalhes = linhas.map((l) => (typeof l.detalhe === 'string' ? (JSON.parse(l.detalhe) as Json) : l.detalhe));
    expect(detalhes).toEqual([
      {
        busca: '529.982.247-25',
        pessoas: 1,
        criterios: ['cpf'],
        contratos: expect.arrayContaining([CONTRATO.maria, CONTRATO.mariaCancelado]) as unknown,
      },
      { busca: 'marcos antonio', pessoas: 1, criterios: ['nome'], contratos: [CONTRATO.carlos] },
    ]);
    expect(linhas[1]?.codigo_contrato).toBe(CONTRATO.carlos);
  });

  const q = `?q=${CPF.maria}`;

  it('refuses a call without any session with 401', async () => {
    expect((await t.client().get(`${BASE}/busca${q}`, H)).status).toBe(401);
  });

  it('refuses a member session with 401', async () => {
    const { c: membro } = await t.membro(CPF.maria, CONTRATO.maria);
    expect((await membro.get(`${BASE}/busca${q}`, { headers: { 'x-portal-equipe': '1' } })).status).toBe(401);
  });

  it('refuses a member session code without its cookie with 401', async () => {
    const { perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const r = await t.client().get(`${BASE}/busca${q}`, {
      headers: { 'x-portal-equipe': '1', 'x-codigo-sessao': String(perfil.codigoSessao) },
    });
    expect(r.status).toBe(401);
  });
});

describe('a name more people have than the search reads (BUSCA_ATENDIMENTO.maxPorNome)', () => {
  const { maxPorNome, maxPessoas } = BUSCA_ATENDIMENTO;
  /** `n` people named 'Zuleica <sobrenome> 001…', CPFs 9<k>… apart from the seed's. */
  const inserir = (k: number, sobrenome: string, n: number) =>
    t.db.query(
      `insert into pessoas (cpf, nome)
       select $1 || lpad(i::text, 9, '0'), 'Zuleica ' || $2 || ' ' || lpad(i::text, 3, '0')
       from generate_series(1, $3::int) i`,
      [`9${k}`, sobrenome, n],
    );
  beforeAll(async () => {
    await inserir(1, 'Quintela', maxPorNome + 1);
    await inserir(2, 'Damasceno', maxPorNome);
  });
  afterAll(() => t.db.query(`delete from pessoas where nome like 'Zuleica %'`));

  it('one person over the cap: the answer says the name is common, with a page of people found by it', async () => {
    const { c } = await logado();
    const r = await buscar(c, 'zuleica quintela');
    expect(r.body).toMatchObject({ mais: true, nomeComum: true });
    expect(r.body.pessoas).toHaveLength(maxPessoas);
    expect(r.body.pessoas.every((p) => p.encontradoPor === 'nome' && p.nome.startsWith('Zuleica Quintela'))).toBe(true);
  });

  it('the page of a common name is in order by name', async () => {
    const nomes = (await achados('zuleica quintela')).map((p) => p.nome);
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('exactly the cap: not a common name, and the page is the first people by name of all of them', async () => {
    const { c } = await logado();
    const r = await buscar(c, 'zuleica damasceno');
    expect(r.body).toMatchObject({ mais: true, nomeComum: false });
    expect(r.body.pessoas.map((p) => p.nome)).toEqual(
      Array.from({ length: maxPessoas }, (_, i) => `Zuleica Damasceno ${String(i + 1).padStart(3, '0')}`),
    );
  });

  it('a number is searched as before: the CPF of one of them finds her alone, no common name', async () => {
    const { c } = await logado();
    const r = await buscar(c, '91000000007');
    expect(r.body).toMatchObject({ mais: false, nomeComum: false });
    expect(r.body.pessoas.map((p) => [p.nome, p.encontradoPor])).toEqual([['Zuleica Quintela 007', 'cpf']]);
  });
});
