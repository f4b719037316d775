import { cnpjFromBase } from '@portal/br';
import type { Queryable } from '../db/db';
import {
  CIDADES,
  type CidadeDemo,
  ESPECIALIDADE,
  ESPECIALIDADES_MEDICAS,
  ESPECIALIDADES_ODONTO,
  NOMES_ESTABELECIMENTO,
  PRENOMES_F,
  PRENOMES_M,
  SOBRENOMES,
} from './guia-medico-dados';

/**
 * A generated provider network, deterministic: the same block number always gives the same
 * establishment and the same providers, whatever else was generated before (so loading 100 000
 * and later 300 000 gives exactly what loading 300 000 at once gives).
 *
 * The network comes in blocks. Block k of a series is one establishment (a clinic, a hospital, a
 * laboratory...) listed as a provider under its own name, plus the professionals who attend
 * there; a quarter of them also attend at an earlier establishment of the same kind in the same
 * city. Provider codes are `primeiroPrestador + k * 20 + j` (j = 0: the establishment itself).
 */
export const PRESTADORES_POR_BLOCO = 20;

export interface Serie {
  /** Seeds the hashes: two series with the same numbers are still different networks. */
  semente: number;
  primeiroPrestador: number;
  primeiroEstabelecimento: number;
}

/**
 * The demo network's generated part (named providers use codes below 1000), drawn once into
 * operadora/demo/dados/13-prestadores.csv (the seed loads the file; a test compares them).
 */
export const SERIE_DEMO: Serie = { semente: 1, primeiroPrestador: 1000, primeiroEstabelecimento: 1000 };
/** SEED_PROVIDERS: providers for load tests, above every other code. */
export const SERIE_CARGA: Serie = { semente: 2, primeiroPrestador: 1_000_000, primeiroEstabelecimento: 1_000_000 };

/** 32-bit mix of a few integers (murmur3 finaliser per input). */
function hash32(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = Math.imul(h ^ (x | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

type Tipo = 'Clínica' | 'Centro Médico' | 'Hospital' | 'Clínica Odontológica' | 'Laboratório' | 'Centro de Imagem';

/** [type, weight] — the kind of each block's establishment. */
const TIPOS: readonly [Tipo, number][] = [
  ['Clínica', 46],
  ['Centro Médico', 14],
  ['Hospital', 6],
  ['Clínica Odontológica', 18],
  ['Laboratório', 8],
  ['Centro de Imagem', 8],
];

function weighted<T>(r: number, items: readonly [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return items[items.length - 1]![0];
}

const CIDADES_PESO: readonly [CidadeDemo, number][] = CIDADES.map((c) => [c, c.peso]);

/**
 * The city and kind of block k, without generating it (the second-location search needs them).
 * Weyl sequences (k times an irrational, fractional part) rather than hashes: any run of blocks,
 * even the demo's 40, gets every city and kind in proportion to its weight.
 */
function perfilDoBloco(serie: Serie, k: number): { cidade: CidadeDemo; tipo: Tipo } {
  const n = k + serie.semente * 7919 + 0.5;
  const frac = (x: number) => x - Math.floor(x);
  return {
    cidade: weighted(frac(n * 0.6180339887498949), CIDADES_PESO),
    tipo: weighted(frac(n * 0.41421356237309515), TIPOS),
  };
}

const odonto = (t: Tipo) => t === 'Clínica Odontológica';
/** Where a professional of this kind may also attend. */
const compativel = (a: Tipo, b: Tipo) => odonto(a) === odonto(b) && b !== 'Laboratório' && b !== 'Centro de Imagem';

export interface EstabelecimentoGerado {
  codigo: number;
  codigoCidade: number;
  tipo: string;
  nomeFantasia: string;
  razaoSocial: string;
  cnpj: string;
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  cep: string;
  fone: string;
  site: string | null;
}

export interface PrestadorGerado {
  codigo: number;
  nome: string;
  nroRegistro: string;
  especialidades: number[];
  selos: string[];
  /** [establishment code, room] in order. */
  locais: [number, string | null][];
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

function fone(r: Rng, ddd: string): string {
  return `${ddd}${r.int(2, 3)}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
}

function razaoSocial(tipo: Tipo, nome: string, base: string): string {
  switch (tipo) {
    case 'Hospital':
      return `${nome} S.A.`;
    case 'Laboratório':
      return `${nome} Análises Clínicas Ltda.`;
    case 'Centro de Imagem':
      return `${base} Diagnóstico por Imagem Ltda.`;
    case 'Clínica Odontológica':
      return `${base} Odontologia Ltda.`;
    default:
      return `${nome} Serviços Médicos Ltda.`;
  }
}

export function estabelecimento(serie: Serie, k: number): EstabelecimentoGerado {
  const { cidade, tipo } = perfilDoBloco(serie, k);
  const r = rng(hash32(serie.semente, k, 11));
  const [logradouro, bairro, cep] = r.pick(cidade.ruas);
  const base = r.pick(NOMES_ESTABELECIMENTO);
  const nomeFantasia = `${tipo === 'Centro de Imagem' ? 'Centro de Diagnóstico por Imagem' : tipo} ${base}${
    r.chance(0.35) ? ` ${bairro}` : ''
  }`;
  const cnpjBase = String(10_000_000 + (hash32(serie.semente, k, 13) % 89_999_999));
  return {
    codigo: serie.primeiroEstabelecimento + k,
    codigoCidade: cidade.codigo,
    tipo: tipo === 'Centro de Imagem' ? 'Centro de Diagnóstico por Imagem' : tipo,
    nomeFantasia,
    razaoSocial: razaoSocial(tipo, nomeFantasia, base),
    cnpj: cnpjFromBase(cnpjBase, '0001'),
    logradouro,
    numero: String(r.int(12, 2980)),
    complemento: tipo === 'Centro Médico' ? `${r.int(1, 12)}º andar` : null,
    bairro,
    cep,
    fone: fone(r, cidade.ddd),
    site: r.chance(0.6) ? `https://www.${slug(base)}${slug(cidade.nome)}.com.br` : null,
  };
}

function especialidadesDoEstabelecimento(r: Rng, tipo: Tipo): number[] {
  switch (tipo) {
    case 'Laboratório':
      return [ESPECIALIDADE.laboratorio];
    case 'Centro de Imagem':
      return [ESPECIALIDADE.imagem];
    case 'Clínica Odontológica':
      return amostra(r, ESPECIALIDADES_ODONTO, r.int(2, 4));
    case 'Hospital':
      return amostra(r, ESPECIALIDADES_MEDICAS, r.int(6, 10));
    case 'Centro Médico':
      return amostra(r, ESPECIALIDADES_MEDICAS, r.int(3, 6));
    default:
      return amostra(r, ESPECIALIDADES_MEDICAS, r.int(1, 3));
  }
}

function amostra(r: Rng, xs: readonly number[], n: number): number[] {
  const pool = [...xs];
  const out: number[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(r.next() * pool.length), 1)[0]!);
  return out.sort((a, b) => a - b);
}

function selos(r: Rng, chances: readonly [string, number][]): string[] {
  return chances.filter(([, p]) => r.chance(p)).map(([c]) => c);
}

/** The earlier establishment of the same city where a professional of block k may also attend. */
function segundoLocal(serie: Serie, k: number, r: Rng): number | null {
  const { cidade, tipo } = perfilDoBloco(serie, k);
  const salto = r.int(1, 40);
  for (let k2 = k - salto; k2 >= Math.max(0, k - salto - 60); k2--) {
    const p = perfilDoBloco(serie, k2);
    if (p.cidade.codigo === cidade.codigo && compativel(tipo, p.tipo)) return serie.primeiroEstabelecimento + k2;
  }
  return null;
}

/** Provider j of block k (j = 0: the establishment listed under its own name). */
export function prestador(serie: Serie, k: number, j: number): PrestadorGerado {
  const { cidade, tipo } = perfilDoBloco(serie, k);
  const codigo = serie.primeiroPrestador + k * PRESTADORES_POR_BLOCO + j;
  const codigoEstabelecimento = serie.primeiroEstabelecimento + k;
  const r = rng(hash32(serie.semente, k, j, 17));
  if (j === 0) {
    const e = estabelecimento(serie, k);
    const hospital = tipo === 'Hospital';
    return {
      codigo,
      nome: e.nomeFantasia,
      nroRegistro: `CNES ${String(2_000_000 + (hash32(serie.semente, k, 19) % 7_999_999)).padStart(7, '0')}`,
      especialidades: especialidadesDoEstabelecimento(r, tipo),
      selos: selos(r, [
        ['A', hospital ? 0.5 : 0.12],
        ['N', hospital ? 0.45 : 0.05],
        ['P', 0.08],
        ['Q', 0.1],
      ]),
      locais: [[codigoEstabelecimento, null]],
    };
  }
  const dentista = odonto(tipo);
  const feminino = r.chance(0.56);
  const sobrenomes = r.chance(0.7) ? `${r.pick(SOBRENOMES)} ${r.pick(SOBRENOMES)}` : r.pick(SOBRENOMES);
  const nome = `${r.pick(feminino ? PRENOMES_F : PRENOMES_M)} ${sobrenomes}`;
  const nroRegistro = dentista
    ? `CRO/${cidade.uf} ${r.int(10_000, 99_999)}`
    : `CRM/${cidade.uf} ${r.int(20_000, 249_999)}`;
  let especialidades: number[];
  if (dentista) especialidades = amostra(r, ESPECIALIDADES_ODONTO, r.chance(0.25) ? 2 : 1);
  else if (tipo === 'Laboratório') especialidades = [ESPECIALIDADE.laboratorio];
  else if (tipo === 'Centro de Imagem') especialidades = [ESPECIALIDADE.imagem];
  else especialidades = amostra(r, ESPECIALIDADES_MEDICAS, r.chance(0.2) ? 2 : 1);
  const sala = tipo === 'Hospital' ? null : `sala ${r.int(1, 24)}${String(r.int(1, 20)).padStart(2, '0')}`;
  const locais: [number, string | null][] = [[codigoEstabelecimento, sala]];
  if (r.chance(0.25)) {
    const outro = segundoLocal(serie, k, r);
    if (outro !== null) locais.push([outro, `sala ${r.int(1, 18)}${String(r.int(1, 20)).padStart(2, '0')}`]);
  }
  return {
    codigo,
    nome,
    nroRegistro,
    especialidades,
    selos: selos(r, [
      ['P', 0.03],
      ['Q', 0.04],
      ['R', 0.12],
      ['E', 0.22],
      ['D', 0.06],
    ]),
    locais,
  };
}

/** Blocks [de, ate) with providers [primeiro, ultimo) of the series: rows ready to insert. */
export function gerar(serie: Serie, primeiro: number, ultimo: number) {
  const estabelecimentos: EstabelecimentoGerado[] = [];
  const prestadores: PrestadorGerado[] = [];
  for (let i = primeiro; i < ultimo; i++) {
    const k = Math.floor(i / PRESTADORES_POR_BLOCO);
    const j = i % PRESTADORES_POR_BLOCO;
    if (j === 0) estabelecimentos.push(estabelecimento(serie, k));
    prestadores.push(prestador(serie, k, j));
  }
  return { estabelecimentos, prestadores };
}

/** Rows per statement: each lot goes as one JSON parameter (set-based, no per-row round trip). */
const LOTE = 20_000;

/** `insert into <tabela> (<colunas>) select ... from json_to_recordset($1)`: one statement per lot. */
async function inserirJson(
  tx: Queryable,
  tabela: string,
  colunas: Record<string, string>,
  linhas: unknown[][],
  extra = '',
) {
  if (!linhas.length) return;
  const nomes = Object.keys(colunas);
  const tipos = nomes.map((c) => `${c} ${colunas[c]}`).join(', ');
  await tx.query(
    `insert into ${tabela} (${nomes.join(', ')})
     select ${nomes.join(', ')} from json_to_recordset($1::json) as x(${tipos}) ${extra}`,
    [JSON.stringify(linhas.map((l) => Object.fromEntries(nomes.map((c, i) => [c, l[i]]))))],
  );
}

/**
 * Inserts providers [primeiro, ultimo) of the series (indexes within the series), lot by lot,
 * each table in one statement per lot. An establishment that is already there (a block
 * completed later) is kept.
 */
export async function inserirGerados(tx: Queryable, serie: Serie, primeiro: number, ultimo: number): Promise<void> {
  for (let de = primeiro; de < ultimo; de += LOTE) {
    const { estabelecimentos: es, prestadores: ps } = gerar(serie, de, Math.min(ultimo, de + LOTE));
    await inserirJson(
      tx,
      'estabelecimentos',
      {
        codigo: 'int',
        codigo_cidade: 'int',
        tipo: 'text',
        nome_fantasia: 'text',
        razao_social: 'text',
        cnpj: 'text',
        logradouro: 'text',
        numero: 'text',
        complemento: 'text',
        bairro: 'text',
        cep: 'text',
        fone: 'text',
        site: 'text',
      },
      es.map((e) => [
        e.codigo,
        e.codigoCidade,
        e.tipo,
        e.nomeFantasia,
        e.razaoSocial,
        e.cnpj,
        e.logradouro,
        e.numero,
        e.complemento,
        e.bairro,
        e.cep,
        e.fone,
        e.site,
      ]),
      'on conflict (codigo) do nothing',
    );
    await inserirJson(
      tx,
      'prestadores',
      { codigo: 'int', nome: 'text', nro_registro: 'text' },
      ps.map((p) => [p.codigo, p.nome, p.nroRegistro]),
    );
    await inserirJson(
      tx,
      'prestador_especialidades',
      { codigo_prestador: 'int', codigo_especialidade: 'int' },
      ps.flatMap((p) => p.especialidades.map((e) => [p.codigo, e])),
    );
    await inserirJson(
      tx,
      'prestador_selos',
      { codigo_prestador: 'int', codigo_selo: 'text' },
      ps.flatMap((p) => p.selos.map((s) => [p.codigo, s])),
    );
    await inserirJson(
      tx,
      'locais_atendimento',
      { codigo_prestador: 'int', ordem: 'int', codigo_estabelecimento: 'int', sala: 'text' },
      ps.flatMap((p) => p.locais.map(([e, sala], ordem) => [p.codigo, ordem + 1, e, sala])),
    );
  }
}

/**
 * Runs a bulk load with the foreign keys of `tabelas` dropped and re-created afterwards (inside
 * the caller's transaction), as PostgreSQL's "Populating a Database" advises: re-adding a key
 * checks every row in one join instead of one trigger call per inserted row.
 */
export async function semChavesEstrangeiras<T>(tx: Queryable, tabelas: string[], carga: () => Promise<T>): Promise<T> {
  const chaves = await tx.query<{ tabela: string; nome: string; def: string }>(
    `select c.conrelid::regclass::text as tabela, c.conname as nome, pg_get_constraintdef(c.oid) as def
       from pg_constraint c
      where c.contype = 'f' and c.conrelid = any($1::regclass[])
      order by c.conname`,
    [tabelas],
  );
  for (const k of chaves) await tx.query(`alter table ${k.tabela} drop constraint ${k.nome}`);
  const resultado = await carga();
  for (const k of chaves) await tx.query(`alter table ${k.tabela} add constraint ${k.nome} ${k.def}`);
  return resultado;
}
