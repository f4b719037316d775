import { isValidCnpj } from '@portal/br';
import type { Prestador, PrestadoresResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type Client, type TestApp } from '../../../test/helper';
import type { Queryable } from '../../db/db';
import { CIDADE, ESPECIALIDADE } from '../../seed/guia-medico-dados';
import { cartoesDaLista, cartoesDaPagina, GuiaMedicoRepository } from './repository';
import { GuiaMedicoService } from './service';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startApp();
  c = t.client();
});
afterAll(() => t.close());

const SP = CIDADE.saoPaulo;
const invalido = (message: string) => ({ sucesso: false, code: 'DADOS_INVALIDOS', message, erro: message });
const buscar = (query: string) => c.get<PrestadoresResponse>(`/api/GuiaMedico/Prestadores${query}`);
/** Every card of a response as 'specialty / provider code'. */
const cartoes = (r: PrestadoresResponse) =>
  r.especialidades.flatMap((e) => e.prestadores.map((p) => `${e.nome}/${p.codigo}`));

const CORACAO_PAULISTA: Prestador = {
  codigo: 1,
  nome: 'Clínica Coração Paulista',
  nroRegistro: 'CNES 2077485',
  selos: [
    { codigo: 'A', nome: 'Acreditação' },
    { codigo: 'P', nome: 'Programa de Monitoramento da Qualidade (QUALISS)' },
    { codigo: 'Q', nome: 'Qualidade monitorada' },
  ],
  locaisAtendimento: [
    {
      rua: 'Avenida Paulista, 1439 - 8º andar',
      bairro: 'Bela Vista',
      cep: '01310100',
      fone: '1132851200',
      cidade: 'São Paulo',
      uf: 'SP',
      nomeFantasia: 'Clínica Coração Paulista',
      razaoSocial: 'Coração Paulista Serviços Médicos Ltda.',
      cnpj: '24681357000140',
      tipoEstabelecimento: 'Clínica',
      site: 'https://www.coracaopaulista.com.br',
    },
    {
      rua: 'Rua Domingos de Morais, 2187',
      bairro: 'Vila Mariana',
      cep: '04010100',
      fone: '1150841200',
      cidade: 'São Paulo',
      uf: 'SP',
      nomeFantasia: 'Clínica Coração Paulista - Vila Mariana',
      razaoSocial: 'Coração Paulista Serviços Médicos Ltda.',
      cnpj: '24681357000221',
      tipoEstabelecimento: 'Clínica',
      site: 'https://www.coracaopaulista.com.br',
    },
  ],
};

describe('GET /api/GuiaMedico/Cidades', () => {
  it('the cities with providers, by name, shown as name / UF', async () => {
    const r = await c.get('/api/GuiaMedico/Cidades');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { codigo: 3106200, nome: 'Belo Horizonte', estado: 'MG' },
      { codigo: 3509502, nome: 'Campinas', estado: 'SP' },
      { codigo: 4106902, nome: 'Curitiba', estado: 'PR' },
      { codigo: 3303302, nome: 'Niterói', estado: 'RJ' },
      { codigo: 4314902, nome: 'Porto Alegre', estado: 'RS' },
      { codigo: 3304557, nome: 'Rio de Janeiro', estado: 'RJ' },
      { codigo: 3548500, nome: 'Santos', estado: 'SP' },
      { codigo: 3550308, nome: 'São Paulo', estado: 'SP' },
    ]);
    expect((await c.get('/api/GuiaMedico/Cidades?somenteOdonto=false')).body).toEqual(r.body);
  });

  it('somenteOdonto=true: only where there is a dental provider', async () => {
    const r = await c.get('/api/GuiaMedico/Cidades?somenteOdonto=true');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { codigo: 3509502, nome: 'Campinas', estado: 'SP' },
      { codigo: 4314902, nome: 'Porto Alegre', estado: 'RS' },
      { codigo: 3304557, nome: 'Rio de Janeiro', estado: 'RJ' },
      { codigo: 3548500, nome: 'Santos', estado: 'SP' },
      { codigo: 3550308, nome: 'São Paulo', estado: 'SP' },
    ]);
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    for (const q of ['somenteOdonto=talvez', 'somenteOdonto=1', 'somenteOdonto=true&somenteOdonto=false']) {
      const r = await c.get(`/api/GuiaMedico/Cidades?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toEqual(invalido('somenteOdonto deve ser true ou false.'));
    }
  });

  it('needs the API token', async () => {
    const r = await c.get('/api/GuiaMedico/Cidades', { auth: false });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'TOKEN_INVALIDO' });
  });
});

describe('GET /api/GuiaMedico/Especialidades', () => {
  it('every specialty with providers: medical by name, then dental by name', async () => {
    const r = await c.get<{ codigo: number; nome: string }[]>('/api/GuiaMedico/Especialidades?removeOdonto=false');
    expect(r.status).toBe(200);
    expect(r.body.map((e) => e.nome)).toEqual([
      'Cardiologia',
      'Clínica Médica',
      'Dermatologia',
      'Endocrinologia e Metabologia',
      'Fisioterapia',
      'Gastroenterologia',
      'Ginecologia e Obstetrícia',
      'Neurologia',
      'Oftalmologia',
      'Ortopedia e Traumatologia',
      'Otorrinolaringologia',
      'Patologia Clínica / Medicina Laboratorial',
      'Pediatria',
      'Pneumologia',
      'Psiquiatria',
      'Radiologia e Diagnóstico por Imagem',
      'Urologia',
      'Clínica Geral Odontológica',
      'Endodontia',
      'Implantodontia',
      'Odontopediatria',
      'Ortodontia',
      'Periodontia',
    ]);
    expect(r.body[0]).toEqual({ codigo: 1, nome: 'Cardiologia' });
    expect((await c.get('/api/GuiaMedico/Especialidades')).body).toEqual(r.body);
  });

  it('removeOdonto=true leaves the dental ones out', async () => {
    const r = await c.get<{ nome: string }[]>('/api/GuiaMedico/Especialidades?removeOdonto=true');
    expect(r.body).toHaveLength(17);
    expect(r.body.map((e) => e.nome)).not.toContain('Ortodontia');
  });

  it("codigoPrestador: that provider's specialties", async () => {
    expect((await c.get('/api/GuiaMedico/Especialidades?codigoPrestador=1')).body).toEqual([
      { codigo: 1, nome: 'Cardiologia' },
    ]);
    expect((await c.get('/api/GuiaMedico/Especialidades?codigoPrestador=2')).body).toEqual([
      { codigo: 1, nome: 'Cardiologia' },
      { codigo: 2, nome: 'Clínica Médica' },
      { codigo: 6, nome: 'Ginecologia e Obstetrícia' },
      { codigo: 7, nome: 'Neurologia' },
      { codigo: 9, nome: 'Ortopedia e Traumatologia' },
      { codigo: 11, nome: 'Pediatria' },
      { codigo: 17, nome: 'Radiologia e Diagnóstico por Imagem' },
    ]);
    // Clínica Sorriso Carioca is dental only.
    expect((await c.get('/api/GuiaMedico/Especialidades?codigoPrestador=14&removeOdonto=true')).body).toEqual([]);
  });

  it('a provider that is not in the guide is not found', async () => {
    const r = await c.get('/api/GuiaMedico/Especialidades?codigoPrestador=999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'NAO_ENCONTRADO',
      message: 'Prestador não encontrado no guia médico.',
      erro: 'Prestador não encontrado no guia médico.',
    });
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    for (const [q, message] of [
      ['codigoPrestador=abc', 'Prestador inválido.'],
      ['codigoPrestador=-1', 'Prestador inválido.'],
      ['codigoPrestador=1.5', 'Prestador inválido.'],
      ['codigoPrestador=99999999999999999999', 'Prestador inválido.'],
      ['codigoPrestador=1&codigoPrestador=2', 'Prestador inválido.'],
      ['removeOdonto=nao', 'removeOdonto deve ser true ou false.'],
    ]) {
      const r = await c.get(`/api/GuiaMedico/Especialidades?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toEqual(invalido(message!));
    }
  });
});

describe('GET /api/GuiaMedico/Prestadores', () => {
  it("'coracao' finds Clínica Coração Paulista (3 seals, two locations) and who attends there", async () => {
    const r = await buscar('?nomeCredenciado=coracao');
    expect(r.status).toBe(200);
    expect(r.body.totalRegistros).toBe(4);
    expect(r.body.totalPaginas).toBe(1);
    expect(r.body.paginaAtual).toBe(1);
    expect(r.body.especialidades.map((e) => e.nome)).toEqual(['Cardiologia', 'Clínica Médica']);
    const [cardiologia] = r.body.especialidades;
    expect(cardiologia!.prestadores[0]).toEqual(CORACAO_PAULISTA);
    expect(cardiologia!.prestadores.map((p) => p.nome)).toEqual([
      'Clínica Coração Paulista',
      'Helena Duarte Vasconcelos',
      'Ricardo Almeida Prado',
    ]);
  });

  it('free text ignores case, accents, punctuation and word order; every word must match', async () => {
    const esperado = (await buscar('?nomeCredenciado=coracao')).body;
    for (const texto of ['CORAÇÃO PAULISTA', '  Coração-Paulista ', 'paulista coracao', 'Clínica de Coração']) {
      const r = await buscar(`?nomeCredenciado=${encodeURIComponent(texto)}`);
      expect(r.status, texto).toBe(200);
      expect(r.body.especialidades[0]!.prestadores[0], texto).toEqual(CORACAO_PAULISTA);
    }
    expect(cartoes((await buscar('?nomeCredenciado=paulista%20coracao')).body)).toEqual(cartoes(esperado));
    const nada = await buscar('?nomeCredenciado=coracao%20zzzz');
    expect(nada.body).toEqual({ especialidades: [], paginaAtual: 1, totalPaginas: 0, totalRegistros: 0 });
  });

  it('free text covers the address: street and neighbourhood of every location', async () => {
    const r = await buscar(`?nomeCredenciado=${encodeURIComponent('Rua Maestro Cardim')}&itensPagina=100`);
    expect(r.body.totalRegistros).toBeGreaterThan(0);
    for (const p of r.body.especialidades.flatMap((e) => e.prestadores))
      expect(
        p.locaisAtendimento.some((l) => l.rua.startsWith('Rua Maestro Cardim')),
        p.nome,
      ).toBe(true);
    const bairro = await buscar('?nomeCredenciado=ipanema');
    expect(bairro.body.especialidades.flatMap((e) => e.prestadores).map((p) => p.nome)).toContain(
      'Clínica Sorriso Carioca',
    );
  });

  it('a word of 2 characters matches the start of a word', async () => {
    const r = await buscar('?nomeCredenciado=jo&codigoCidade=' + SP);
    expect(r.body.totalRegistros).toBeGreaterThan(0);
    for (const p of r.body.especialidades.flatMap((e) => e.prestadores)) {
      const texto = [p.nome, ...p.locaisAtendimento.flatMap((l) => [l.nomeFantasia, l.rua, l.bairro])].join(' ');
      expect(texto, p.nome).toMatch(/(^|[^\p{L}\d])J[oó]/iu);
    }
  });

  it("São Paulo unfiltered: more than 200 providers, 'Página 1 de N' with N ≥ 3, pages cover every card once", async () => {
    const primeira = await buscar(`?codigoCidade=${SP}`);
    expect(primeira.status).toBe(200);
    const { totalRegistros, totalPaginas } = primeira.body;
    expect(totalPaginas).toBeGreaterThanOrEqual(3);
    expect(totalPaginas).toBe(Math.ceil(totalRegistros / 100));
    const vistos: string[] = [];
    const prestadores = new Set<number>();
    for (let pagina = 1; pagina <= totalPaginas; pagina++) {
      const r = pagina === 1 ? primeira : await buscar(`?codigoCidade=${SP}&pagina=${pagina}`);
      expect(r.body.paginaAtual).toBe(pagina);
      expect(r.body.totalRegistros).toBe(totalRegistros);
      vistos.push(...cartoes(r.body));
      for (const e of r.body.especialidades)
        for (const p of e.prestadores) {
          prestadores.add(p.codigo);
          // The searched city's locations come first.
          expect(p.locaisAtendimento[0]!.cidade, p.nome).toBe('São Paulo');
        }
    }
    expect(vistos).toHaveLength(totalRegistros);
    expect(new Set(vistos).size).toBe(totalRegistros);
    expect(prestadores.size).toBeGreaterThan(200);
    const grupos = primeira.body.especialidades.map((e) => e.nome);
    expect(grupos[0]).toBe('Cardiologia');
    expect(primeira.body.especialidades.flatMap((e) => e.prestadores)).toHaveLength(100);
  });

  it('groups in specialty order, providers by name within a group', async () => {
    const r = await buscar(`?codigoCidade=${SP}&itensPagina=100&pagina=2`);
    for (const e of r.body.especialidades) {
      const nomes = e.prestadores.map((p) => p.nome);
      const ordenados = [...nomes].sort((a, b) =>
        a.normalize('NFD').replace(/\p{M}/gu, '').localeCompare(b.normalize('NFD').replace(/\p{M}/gu, ''), 'en', {
          sensitivity: 'base',
        }),
      );
      expect(nomes, e.nome).toEqual(ordenados);
    }
  });

  it('city and specialty together; a specialty alone covers every city once', async () => {
    const r = await buscar(`?codigoCidade=${SP}&codigoEspecialidade=${ESPECIALIDADE.cardiologia}`);
    expect(r.body.especialidades.map((e) => e.nome)).toEqual(['Cardiologia']);
    const nomes = r.body.especialidades[0]!.prestadores.map((p) => p.nome);
    expect(nomes).toEqual(expect.arrayContaining(['Clínica Coração Paulista', 'Hospital Santa Clara']));
    const todas = await buscar(`?codigoEspecialidade=${ESPECIALIDADE.cardiologia}&itensPagina=100`);
    expect(todas.body.totalRegistros).toBeGreaterThan(r.body.totalRegistros);
    const codigos = todas.body.especialidades.flatMap((e) => e.prestadores.map((p) => p.codigo));
    expect(new Set(codigos).size).toBe(codigos.length);
    expect(todas.body.especialidades[0]!.prestadores.map((p) => p.nome)).toContain('Hospital Belo Horizonte');
  });

  it('somenteOdonto=true: dental specialties only', async () => {
    const r = await buscar('?somenteOdonto=true&itensPagina=100');
    expect(r.body.totalRegistros).toBeGreaterThan(0);
    const dentais = [
      'Clínica Geral Odontológica',
      'Endodontia',
      'Implantodontia',
      'Odontopediatria',
      'Ortodontia',
      'Periodontia',
    ];
    for (const e of r.body.especialidades) expect(dentais).toContain(e.nome);
    for (const p of r.body.especialidades.flatMap((e) => e.prestadores))
      expect(p.nroRegistro, p.nome).toMatch(/^(CRO\/[A-Z]{2} \d+|CNES \d{7})$/);
    // A medical specialty with somenteOdonto finds nothing.
    expect(
      (await buscar(`?somenteOdonto=true&codigoEspecialidade=${ESPECIALIDADE.cardiologia}`)).body.totalRegistros,
    ).toBe(0);
  });

  it('every card looks real: CNPJ check digits, CEP and phone of the city, CRM/CRO of its state', async () => {
    const faixas: Record<string, [string, string, string]> = {
      'São Paulo': ['01000000', '05999999', '11'],
      Campinas: ['13000000', '13139999', '19'],
      Santos: ['11000000', '11099999', '13'],
      'Rio de Janeiro': ['20000000', '23799999', '21'],
      Niterói: ['24000000', '24399999', '21'],
      'Belo Horizonte': ['30000000', '31999999', '31'],
      Curitiba: ['80000000', '82999999', '41'],
      'Porto Alegre': ['90000000', '91999999', '51'],
    };
    let pagina = 1;
    let total = 0;
    for (;;) {
      const r = await buscar(`?pagina=${pagina}`);
      for (const e of r.body.especialidades)
        for (const p of e.prestadores) {
          total++;
          expect(p.nroRegistro, p.nome).toMatch(/^(CRM\/[A-Z]{2} \d{4,6}|CRO\/[A-Z]{2} \d{5}|CNES \d{7})$/);
          for (const l of p.locaisAtendimento) {
            const [de, ate, ddd] = faixas[l.cidade]!;
            expect(isValidCnpj(l.cnpj), l.cnpj).toBe(true);
            expect(l.cep >= de && l.cep <= ate, `${l.cidade} ${l.cep}`).toBe(true);
            expect(l.fone.slice(0, 2), l.fone).toBe(ddd);
            expect(l.fone).toMatch(/^\d{10,11}$/);
          }
          if (/^CR[MO]\//.test(p.nroRegistro)) {
            const ufs = p.locaisAtendimento.map((l) => l.uf);
            expect(ufs, p.nome).toContain(p.nroRegistro.slice(4, 6));
          }
        }
      if (pagina >= r.body.totalPaginas) break;
      pagina++;
    }
    expect(total).toBeGreaterThan(800);
  });

  it('a page past the end has no groups; itensPagina cuts the sequence of cards', async () => {
    const fim = await buscar(`?codigoCidade=${SP}&pagina=999`);
    expect(fim.status).toBe(200);
    expect(fim.body.especialidades).toEqual([]);
    expect(fim.body.paginaAtual).toBe(999);
    const cem = cartoes((await buscar(`?codigoCidade=${SP}&itensPagina=100`)).body);
    const porDez: string[] = [];
    for (let pagina = 1; pagina <= 10; pagina++)
      porDez.push(...cartoes((await buscar(`?codigoCidade=${SP}&itensPagina=10&pagina=${pagina}`)).body));
    expect(porDez).toEqual(cem);
    const texto = await buscar('?nomeCredenciado=paulista&itensPagina=1&pagina=2');
    expect(texto.body.especialidades.flatMap((e) => e.prestadores)).toHaveLength(1);
    expect(texto.body.totalPaginas).toBe(texto.body.totalRegistros);
  });

  it('unknown codes of city or specialty find nothing', async () => {
    for (const q of ['?codigoCidade=9999999', '?codigoEspecialidade=999', `?codigoCidade=${SP}&nomeCredenciado=belo`]) {
      const r = await buscar(q);
      expect(r.status, q).toBe(200);
      expect(r.body.totalRegistros, q).toBe(0);
    }
  });

  it('empty filters count as absent', async () => {
    const r = await buscar('?codigoCidade=&codigoEspecialidade=&nomeCredenciado=&pagina=&itensPagina=&somenteOdonto=');
    expect(r.status).toBe(200);
    expect(r.body.totalRegistros).toBe((await buscar('')).body.totalRegistros);
  });

  it('bad paging, codes and text get a 400 with a Portuguese message, fast', async () => {
    const pagina = 'A página deve ser um número a partir de 1.';
    const itens = 'A quantidade por página deve ser um número de 1 a 100.';
    for (const [q, message] of [
      ['pagina=-1', pagina],
      ['pagina=0', pagina],
      ['pagina=abc', pagina],
      ['pagina=1.5', pagina],
      ['pagina=1e3', pagina],
      ['pagina=99999999999', pagina],
      ['pagina=1000001', pagina],
      ['pagina=1&pagina=2', pagina],
      ['itensPagina=0', itens],
      ['itensPagina=101', itens],
      ['itensPagina=100000', itens],
      ['itensPagina=-5', itens],
      ['codigoCidade=abc', 'Cidade inválida.'],
      ['codigoCidade=-3550308', 'Cidade inválida.'],
      ['codigoCidade=0', 'Cidade inválida.'],
      ['codigoCidade=3550308%20OR%201=1', 'Cidade inválida.'],
      ['codigoEspecialidade=x', 'Especialidade inválida.'],
      ['somenteOdonto=sim', 'somenteOdonto deve ser true ou false.'],
      [`nomeCredenciado=${'a'.repeat(10_000)}`, 'Digite no máximo 100 caracteres na busca.'],
      [`nomeCredenciado=${'coracao '.repeat(13)}`, 'Digite no máximo 100 caracteres na busca.'],
      ['nomeCredenciado=a', 'Digite pelo menos 2 letras ou números para buscar por nome ou endereço.'],
      ['nomeCredenciado=%25%25%25', 'Digite pelo menos 2 letras ou números para buscar por nome ou endereço.'],
      ['nomeCredenciado=_', 'Digite pelo menos 2 letras ou números para buscar por nome ou endereço.'],
      ['nomeCredenciado=x&nomeCredenciado=y', 'Busca por nome ou endereço inválida.'],
    ]) {
      const antes = performance.now();
      const r = await buscar(`?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toEqual(invalido(message!));
      expect(performance.now() - antes, q).toBeLessThan(2000);
    }
  });

  it('SQL and LIKE characters in the text are only text', async () => {
    for (const texto of [
      "' or 1=1 --",
      'coracao%',
      '%_%paulista',
      'coracao\\',
      'coração); drop table prestadores; --',
    ]) {
      const r = await buscar(`?nomeCredenciado=${encodeURIComponent(texto)}`);
      expect(r.status, texto).toBe(200);
    }
    expect((await buscar('?nomeCredenciado=coracao%25')).body.totalRegistros).toBe(4);
    expect((await c.get('/api/GuiaMedico/Especialidades?codigoPrestador=1')).status).toBe(200);
  });

  it('needs the API token', async () => {
    const r = await buscar('').then(() => c.get('/api/GuiaMedico/Prestadores', { auth: false }));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'TOKEN_INVALIDO' });
  });
});

describe('GET /api/GuiaMedico/PrestadoresSubstituidos', () => {
  const SAO_RAFAEL = {
    tipoAlteracao: 'SUBSTITUICAO_HOSPITALAR',
    descricaoTipoAlteracao: 'Substituição de entidade hospitalar',
    motivo: 'RESCISAO_CONTRATUAL',
    descricaoMotivo: 'Rescisão contratual',
    cidade: { codigo: SP, nome: 'São Paulo', estado: 'SP' },
    prestadorExcluido: { nome: 'Hospital São Rafael', cnpj: '60922168000186' },
    servicos: 'Internação clínica e cirúrgica, pronto-socorro adulto e maternidade',
    prestadorSubstituto: { codigo: 2, nome: 'Hospital Santa Clara' },
    dataComunicacao: '2026-01-15',
    dataVigencia: '2026-02-16',
    produtos: [
      { codigo: '3105', nome: 'Saúde Exemplo Clássico Enfermaria', registroAns: '461305127' },
      { codigo: '4521', nome: 'Saúde Exemplo Essencial Apartamento', registroAns: '484521201' },
      { codigo: '4522', nome: 'Saúde Exemplo Essencial Enfermaria', registroAns: '484522209' },
    ],
  };

  it('the published changes, newest first: who left, who replaces, from when, why, where, which plans', async () => {
    const r = await c.get<Record<string, unknown>[]>('/api/GuiaMedico/PrestadoresSubstituidos');
    expect(r.status).toBe(200);
    expect(r.body.map((s) => s.dataVigencia)).toEqual(['2026-03-04', '2026-02-16', '2025-12-03', '2025-10-01']);
    expect(r.body[1]).toEqual(SAO_RAFAEL);
    expect(r.body[0]).toMatchObject({
      tipoAlteracao: 'SUSPENSAO_TEMPORARIA',
      descricaoMotivo: 'Obras ou reforma',
      prestadorSubstituto: null,
    });
    for (const s of r.body) {
      const cnpj = (s.prestadorExcluido as { cnpj: string | null }).cnpj;
      if (cnpj) expect(isValidCnpj(cnpj)).toBe(true);
      // RN 585/2023: members are told at least 30 days before.
      const dias = (Date.parse(s.dataVigencia as string) - Date.parse(s.dataComunicacao as string)) / 86_400_000;
      expect(dias).toBeGreaterThanOrEqual(30);
    }
  });

  it('of one city', async () => {
    expect((await c.get(`/api/GuiaMedico/PrestadoresSubstituidos?codigoCidade=${SP}`)).body).toEqual([SAO_RAFAEL]);
    expect((await c.get(`/api/GuiaMedico/PrestadoresSubstituidos?codigoCidade=${CIDADE.curitiba}`)).body).toEqual([]);
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    const r = await c.get('/api/GuiaMedico/PrestadoresSubstituidos?codigoCidade=abc');
    expect(r.status).toBe(400);
    expect(r.body).toEqual(invalido('Cidade inválida.'));
  });
});

describe('GET /api/GuiaMedico/Produtos', () => {
  it("the operator's plans with their ANS registration, by name", async () => {
    const r = await c.get('/api/GuiaMedico/Produtos');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        codigo: '3105',
        nome: 'Saúde Exemplo Clássico Enfermaria',
        registroAns: '461305127',
        segmentacao: 'AMBULATORIAL + HOSPITALAR SEM OBSTETRÍCIA',
        acomodacao: 'ENFERMARIA',
        coparticipativo: true,
      },
      {
        codigo: '4521',
        nome: 'Saúde Exemplo Essencial Apartamento',
        registroAns: '484521201',
        segmentacao: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
        acomodacao: 'APARTAMENTO',
        coparticipativo: true,
      },
      {
        codigo: '4522',
        nome: 'Saúde Exemplo Essencial Enfermaria',
        registroAns: '484522209',
        segmentacao: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
        acomodacao: 'ENFERMARIA',
        coparticipativo: true,
      },
      {
        codigo: '5210',
        nome: 'Saúde Exemplo Premium Apartamento',
        registroAns: '490210188',
        segmentacao: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
        acomodacao: 'APARTAMENTO',
        coparticipativo: false,
      },
    ]);
  });

  it('needs the API token', async () => {
    expect((await c.get('/api/GuiaMedico/Produtos', { auth: false })).status).toBe(401);
  });
});

describe('free-text result lists (GUIA_CACHE_SECONDS)', () => {
  /** The real database, counting the free-text scans (queries of guia_busca). */
  function contando() {
    const contagem = { varreduras: 0 };
    const db: Queryable = {
      query: (sql, params) => {
        if (sql.includes('from guia_busca')) contagem.varreduras++;
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
    };
    return { db, contagem };
  }
  const filtro = { nomeCredenciado: 'paulista', pagina: 1, itensPagina: 10, somenteOdonto: false };

  it('the count and the next pages of a search reuse its list; concurrent searches share one scan', async () => {
    const { db, contagem } = contando();
    const s = new GuiaMedicoService(new GuiaMedicoRepository(db), { listaTtlMs: 60_000 });
    const primeira = await s.prestadores(filtro);
    const segunda = await s.prestadores({ ...filtro, pagina: 2 });
    expect(contagem.varreduras).toBe(1);
    expect(segunda.totalRegistros).toBe(primeira.totalRegistros);
    expect(cartoes(segunda)).not.toEqual(cartoes(primeira));
    await Promise.all(Array.from({ length: 5 }, () => s.prestadores({ ...filtro, nomeCredenciado: 'coracao' })));
    expect(contagem.varreduras).toBe(2);
    // The same answer as over HTTP, where the app's own service may or may not have it cached.
    expect((await buscar('?nomeCredenciado=paulista&itensPagina=10&pagina=2')).body).toEqual(segunda);
  });

  it('0 turns the reuse off: every request scans', async () => {
    const { db, contagem } = contando();
    const s = new GuiaMedicoService(new GuiaMedicoRepository(db), { listaTtlMs: 0 });
    await s.prestadores(filtro);
    await s.prestadores({ ...filtro, pagina: 2 });
    expect(contagem.varreduras).toBe(2);
  });
});

describe('what an instance keeps of the guide, per version of the search views (decision 0036)', () => {
  /** The real database, counting statements by a piece of their text. */
  function contando(...trechos: string[]) {
    const contagem: Record<string, number> = Object.fromEntries(trechos.map((x) => [x, 0]));
    const db: Queryable = {
      query: (sql, params) => {
        for (const x of trechos) if (sql.includes(x)) contagem[x]!++;
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
    };
    return { db, contagem };
  }
  const pagina = { codigoCidade: SP, pagina: 1, itensPagina: 20, somenteOdonto: false };
  const nomes = (r: PrestadoresResponse) => r.especialidades.flatMap((e) => e.prestadores.map((p) => p.nome));

  it('guia_atualizar() gives the views a new version', async () => {
    const versao = async () => (await t.db.query<{ versao: string }>('select versao from guia_versao'))[0]!.versao;
    const antes = await versao();
    await t.db.query('select guia_atualizar()');
    expect(await versao()).not.toBe(antes);
  });

  it('a page reads its documents once; the group names and the filter lists once per version', async () => {
    const { db, contagem } = contando('from guia_fichas', 'ordem, nome from guia_especialidades', 'from cidades');
    const s = new GuiaMedicoService(new GuiaMedicoRepository(db));
    const primeira = await s.prestadores(pagina);
    expect(contagem['from guia_fichas']).toBe(1);
    expect(contagem['ordem, nome from guia_especialidades']).toBe(1);
    expect(await s.prestadores(pagina)).toEqual(primeira);
    expect(contagem['from guia_fichas']).toBe(1);
    // Page 2 reads only its own documents; the same answers as over HTTP, which keeps them too.
    const segunda = await s.prestadores({ ...pagina, pagina: 2 });
    expect(contagem['from guia_fichas']).toBe(2);
    expect(contagem['ordem, nome from guia_especialidades']).toBe(1);
    expect((await buscar(`?codigoCidade=${SP}&itensPagina=20&pagina=2`)).body).toEqual(segunda);
    const cidades = await s.cidades(false);
    expect(await s.cidades(false)).toEqual(cidades);
    expect(contagem['from cidades']).toBe(1);
    expect((await c.get('/api/GuiaMedico/Cidades')).body).toEqual(cidades);
  });

  it('a change of the network (guia_atualizar, on any instance) is seen by the next search', async () => {
    const { db } = contando();
    const s = new GuiaMedicoService(new GuiaMedicoRepository(db), { listaTtlMs: 60_000 });
    const cardio = { ...pagina, codigoEspecialidade: ESPECIALIDADE.cardiologia };
    const texto = { ...pagina, codigoCidade: undefined, nomeCredenciado: 'coracao' };
    expect(nomes(await s.prestadores(cardio))).toContain('Clínica Coração Paulista');
    expect(nomes(await s.prestadores(texto))).toContain('Clínica Coração Paulista');
    expect((await s.especialidades(undefined, false)).map((e) => e.nome)).not.toContain('Cardiologia Nova');
    const especialidade = (
      await t.db.query<{ nome: string }>('select nome from especialidades where codigo = $1', [
        ESPECIALIDADE.cardiologia,
      ])
    )[0]!.nome;
    try {
      await t.db.query(`update prestadores set nome = 'Clínica Coração Paulista Renovada' where codigo = 1`);
      await t.db.query(`update especialidades set nome = 'Cardiologia Nova' where codigo = $1`, [
        ESPECIALIDADE.cardiologia,
      ]);
      // Not yet in the views: the same answer.
      expect(nomes(await s.prestadores(cardio))).toContain('Clínica Coração Paulista');
      await t.db.query('select guia_atualizar()');
      expect(nomes(await s.prestadores(cardio))).toContain('Clínica Coração Paulista Renovada');
      expect(nomes(await s.prestadores(texto))).toContain('Clínica Coração Paulista Renovada');
      const doGrupo = (await s.prestadores(cardio)).especialidades;
      expect(doGrupo.map((g) => g.nome)).toEqual(['Cardiologia Nova']);
      expect((await s.especialidades(undefined, false)).map((e) => e.nome)).toContain('Cardiologia Nova');
    } finally {
      await t.db.query(`update prestadores set nome = 'Clínica Coração Paulista' where codigo = 1`);
      await t.db.query('update especialidades set nome = $2 where codigo = $1', [
        ESPECIALIDADE.cardiologia,
        especialidade,
      ]);
      await t.db.query('select guia_atualizar()');
    }
    expect(nomes(await s.prestadores(cardio))).toContain('Clínica Coração Paulista');
  });
});

describe('cartoesDaLista', () => {
  it('one card per group in range, by group then name rank', () => {
    // rank code groups…
    const lista = '5 10 1 3,2 20 3,9 30 1';
    expect([...cartoesDaLista(lista, 1, 3)]).toEqual([10, 1, 30, 1, 20, 3, 10, 3]);
    expect([...cartoesDaLista(lista, 3, 3)]).toEqual([20, 3, 10, 3]);
    expect([...cartoesDaLista('', 1, 3)]).toEqual([]);
    expect([...cartoesDaLista('2147483647 7 32767', 1, 32767)]).toEqual([7, 32767]);
  });
});

describe('cartoesDaPagina', () => {
  it("'provider group,…' as [provider, group, …], in the given order", () => {
    expect([...cartoesDaPagina('10 1,30 1,20 3')]).toEqual([10, 1, 30, 1, 20, 3]);
    expect([...cartoesDaPagina('')]).toEqual([]);
    expect([...cartoesDaPagina('2147483647 32767')]).toEqual([2147483647, 32767]);
  });
});
