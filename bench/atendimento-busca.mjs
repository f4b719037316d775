// Question: does the console's one search box (GET /api/atendimento/busca, issue 31 "Find anyone,
// from anywhere") answer within 100 ms at p95 for an operator of 1 000 000 members on PostgreSQL?
// A throwaway database on the local PostgreSQL, migrated by the built API as it starts, is filled
// in SQL (generate_series, CPFs with their check digits computed in SQL): 1 000 000 people and
// beneficiaries (a fifth in 100 company contracts of 2 000, the rest families of four), 500 000
// protocols and 200 000 reimbursements (each with its REEMBOLSO protocol). Names are drawn,
// skewed as Brazilian names are (Maria and Silva the most common), from lists with accents.
// A staff account made by the build's CLI (`equipe criar`) signs in over HTTP as a person does
// (password, TOTP, a password of their own); then, per kind of text the search accepts, BENCH_CLIENTS
// attendants search at once over real HTTP: a CPF with and without punctuation, part of a name
// without accents in lower case and with accents in mixed case, a protocol number as 20 digits and
// grouped, a card number, a receipt number typed another way, a contract code. Next to each, the
// baseline: the statements the search needs (apps/api/src/modules/atendimento/busca.ts, imported
// here: the people, then their links, protocols and reimbursements), run on the pg client by the
// same number of clients, without HTTP, session, validation or the audit row.
// Target (issue 31): p95 ≤ 100 ms for every kind through the API.
//
//   npm run build && npm run bench:busca       (node --import tsx bench/atendimento-busca.mjs)
//
// BENCH_PESSOAS (1000000), BENCH_PROTOCOLOS (500000), BENCH_REEMBOLSOS (200000), BENCH_CLIENTS (4),
// BENCH_BUSCAS (300 measured searches per kind, after 30 of warm-up), BENCH_PG_URL
// (postgres://postgres@127.0.0.1:5432/postgres), BENCH_EXPLAIN=1 (EXPLAIN ANALYZE of the people's
// statement, one text per kind), BENCH_DB=<name> (an existing filled database: kept, not filled
// again; its pending migrations run as the server starts), BENCH_MANTER=1 (keep the new database).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bancoDescartavel, root, sessaoDaEquipe, startPortal, urlDoBanco } from './lib.mjs';
import { BuscaRepository, criteriosDaBusca } from '../apps/api/src/modules/atendimento/busca.ts';
import { BUSCA_ATENDIMENTO } from '../packages/contract/src/atendimento-regras.ts';

const PESSOAS = Number(process.env.BENCH_PESSOAS ?? 1_000_000);
const PROTOCOLOS = Number(process.env.BENCH_PROTOCOLOS ?? 500_000);
const REEMBOLSOS = Number(process.env.BENCH_REEMBOLSOS ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const BUSCAS = Number(process.env.BENCH_BUSCAS ?? 300);
const AQUECIMENTO = 30;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POOL = 10; // the server's DATABASE_POOL_MAX default: the baseline gets the same connections

// ---------------------------------------------------------------------------------------------
// The data, generated in SQL

const lista = (xs) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
// The most common first (the fill draws an index skewed towards the start).
const PRIMEIROS = lista(
  'Maria José Ana João Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fábio Leonardo Gustavo Guilherme Márcio Júlia Letícia Fernanda Patrícia Aline Sandra Camila Amanda Bruna Jéssica Juliana Márcia Luana Vitória Beatriz Larissa Conceição Lúcia Sebastião Cláudia Adriana Vanessa Simone Sônia Renata Débora Tânia Rosângela Inês Benedito Joaquim Otávio Caio Heitor Valéria Irene Glória Araci Iara'.split(
    ' ',
  ),
);
const MEIOS = lista(
  'Aparecida|de Fátima|Helena|Eduarda|Clara|Cristina|Antônio|Carlos|Henrique|Augusto|Luiz|Gabriel|das Graças|Vitória|Inácio|Raquel'.split(
    '|',
  ),
);
const SOBRENOMES = lista(
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Simões Magalhães Brandão Falcão Guimarães Conceição Assunção Damião Frota Leão Peçanha Azevedo Cavalcanti Monteiro Moura Batista Campos Correia Pinto Sampaio Xavier Queiroz Tavares Siqueira Bezerra Macêdo Romão Gusmão Aragão Camargo Fontes Prado Quintão Brito Coelho Sá'.split(
    ' ',
  ),
);

/** An index into `arr`, skewed towards its start (x² of a uniform x), from the row number and a salt. */
const escolha = (arr, salt) =>
  `(${arr})[1 + floor(power((abs(hashint8(i::bigint * ${salt})) % 1000003) / 1000003.0, 2) * array_length(${arr}, 1))::int]`;

/** A CPF's 11 digits from its first 9, the check digits computed in SQL. */
function cpfSql(b) {
  const d = (k) => `substr(${b}, ${k}, 1)::int`;
  const s1 = Array.from({ length: 9 }, (_, k) => `${d(k + 1)} * ${10 - k}`).join(' + ');
  const s2 = Array.from({ length: 9 }, (_, k) => `${d(k + 1)} * ${11 - k}`).join(' + ');
  const d1 = `((${s1}) * 10 % 11 % 10)`;
  return `${b} || ${d1} || (((${s2}) + ${d1} * 2) * 10 % 11 % 10)`;
}

const EMPRESAS = Math.max(1, Math.round(PESSOAS / 10_000)); // 100 at 1 000 000
const POR_EMPRESA = 2000;

/**
 * Person i (1…N): the first EMPRESAS × POR_EMPRESA are employees (each a holder of a company
 * contract), the rest are families of four (holder, spouse, two children). Card = contract + 4 digits.
 */
function pessoasSql(n) {
  const emp = EMPRESAS * POR_EMPRESA;
  return `
    create unlogged table bench_g as
    select i,
      ${cpfSql(`(100000000 + (i::bigint * 7919) % 900000000)::text`)} as cpf,
      ${escolha(PRIMEIROS, 7)} || case when i % 3 = 0 then ' ' || ${escolha(MEIOS, 11)} else '' end
        || ' ' || ${escolha(SOBRENOMES, 13)} || ' ' || ${escolha(SOBRENOMES, 17)} as nome,
      case when i % 300 = 0 then ${escolha(PRIMEIROS, 19)} || ' ' || ${escolha(SOBRENOMES, 23)} end as nome_social,
      case when i <= ${emp} then (3000000 + (i - 1) / ${POR_EMPRESA})::text
           else (2000000 + (i - ${emp} - 1) / 4)::text end as contrato,
      case when i <= ${emp} then 0 else (i - ${emp} - 1) % 4 end as seq,
      case when i <= ${emp} then (i - 1) % ${POR_EMPRESA} else 0 end as matricula
    from generate_series(1, ${n}) i;
    alter table bench_g add column cartao text;
    update bench_g set cartao = contrato || lpad((case when seq > 0 then seq else matricula end + 1)::text, 4, '0');
    create index on bench_g (i);`;
}

async function preencher(c) {
  const t0 = performance.now();
  const passo = async (rotulo, sql) => {
    const t = performance.now();
    await c.query(sql);
    console.error(`  ${rotulo}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // The generated rows are consistent by construction: no foreign-key triggers per row, and the
  // secondary indexes built once at the end instead of row by row.
  await c.query(`set session_replication_role = replica; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
  const indices = (
    await c.query(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename in ('pessoas', 'contratos', 'beneficiarios', 'protocolos', 'reembolsos')
         and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
    )
  ).rows;
  for (const { indexname } of indices) await c.query(`drop index ${indexname}`);
  await passo('generated people', pessoasSql(PESSOAS));
  await passo(
    'pessoas',
    `insert into pessoas (cpf, nome, nome_social, data_nascimento, sexo, email, celular)
     select cpf, nome, nome_social, date '1950-01-01' + (i * 37) % 25000, case when i % 2 = 0 then 'f' else 'm' end,
       'pessoa' || i || '@exemplo.com.br', '119' || lpad((i % 100000000)::text, 8, '0')
     from bench_g`,
  );
  await c.query(`insert into planos (codigo_plano, nome, registro_ans, coparticipativo, segmentacao, acomodacao)
                 values ('BENCH', 'Plano Bench Enfermaria', '417297', false, 'AMBULATORIAL + HOSPITALAR', 'ENFERMARIA')
                 on conflict do nothing`);
  await passo(
    'contratos',
    `insert into contratos (codigo_contrato, codigo_plano, cpf_responsavel_financeiro, tipo_contratacao, data_inicio_vigencia, data_cancelamento)
     select contrato, 'BENCH', cpf,
       case when contrato like '3%' then 'COLETIVO EMPRESARIAL' else 'INDIVIDUAL/FAMILIAR' end,
       date '2018-01-01' + (i % 2000), case when i % 97 = 0 then date '2025-06-30' end
     from bench_g where seq = 0 and matricula = 0`,
  );
  await passo(
    'beneficiarios',
    `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular, ativo, data_inclusao, data_exclusao)
     select cartao, contrato, cpf, case when seq = 0 then 'TITULAR' else 'DEPENDENTE' end,
       case seq when 1 then 'CÔNJUGE' when 2 then 'FILHO(A)' when 3 then 'FILHO(A)' end,
       case when seq > 0 then contrato || '0001' end,
       i % 50 <> 0, date '2018-01-01' + (i % 2000), case when i % 50 = 0 then date '2025-03-31' end
     from bench_g`,
  );
  // Protocols of random people (who asked; about themselves or, for some, nobody in particular),
  // over the last 1 000 days; the number is the operator's ANS registration, the day, a sequence.
  const TIPOS = lista([
    'INCLUSAO_DEPENDENTE',
    'CONTATO_COMERCIAL',
    'CORRECAO_DADOS',
    'AVALIACAO_ATENDIMENTO',
    'CANCELAMENTO_DEPENDENTES',
  ]);
  const SITUACOES = lista(['ABERTO', 'EM_ANALISE', 'CONCLUIDO', 'CONCLUIDO', 'CONCLUIDO', 'CANCELADO']);
  const total = PROTOCOLOS + REEMBOLSOS;
  await passo(
    'protocolos',
    `create unlogged table bench_p as
     select p, g.cpf, g.contrato, g.cartao, g.seq, g.matricula,
       '417297' || to_char(date '2026-11-28' - (p % 1000), 'YYYYMMDD') || lpad(p::text, 6, '0') as numero,
       (date '2026-11-28' - (p % 1000)) + make_interval(secs => (p * 7) % 86400) as criado_em
     from generate_series(1, ${total}) p join bench_g g on g.i = 1 + (p::bigint * 7907) % ${PESSOAS};
     insert into protocolos (numero, cpf, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, canal, criado_em, prazo_resposta)
     select numero, cpf, contrato, case when p % 4 = 0 then null else cartao end,
       case when p > ${PROTOCOLOS} then 'REEMBOLSO' else (${TIPOS})[1 + p % 5] end,
       'Pedido ' || p, (${SITUACOES})[1 + p % 6], 'PORTAL', criado_em, (criado_em + interval '10 days')::date
     from bench_p`,
  );
  // Reimbursements: asked by the family's holder for someone's care; receipt numbers in three
  // ways operators and providers write them, repeated now and then across providers.
  await passo(
    'reembolsos',
    `insert into reembolsos (protocolo, cpf, codigo_contrato, codigo_beneficiario, tipo, data_atendimento,
       prestador_documento, prestador_nome, valor_pago_centavos, numero_recibo, numero_recibo_chave, pagamento,
       situacao, criado_em, atualizado_em)
     select r.numero, coalesce(t.cpf, r.cpf), r.contrato, r.cartao,
       (array['consulta','exame','terapia','honorarios'])[1 + r.p % 4], (r.criado_em - interval '5 days')::date,
       lpad(((r.p * 31) % 99999999999)::text, 11, '0'), 'Clínica ' || (r.p % 997), 5000 + (r.p * 13) % 90000,
       x.recibo, ltrim(upper(regexp_replace(x.recibo, '[^0-9A-Za-z]', '', 'g')), '0'),
       '{"forma":"pix","tipoChave":"cpf","chave":"52998224725"}'::jsonb,
       (array['recebido','em_analise','pendente','aprovado','pago','pago','negado'])[1 + r.p % 7],
       r.criado_em, r.criado_em
     from bench_p r
     left join bench_g t on r.seq > 0 and t.contrato = r.contrato and t.seq = 0
     cross join lateral (select case r.p % 3
         when 0 then 'NF-' || substr(lpad(((r.p * 7) % 900000)::text, 6, '0'), 1, 3) || '.'
                     || substr(lpad(((r.p * 7) % 900000)::text, 6, '0'), 4)
         when 1 then ((r.p * 11) % 9000000)::text
         else 'RPA ' || (2020 + r.p % 7) || '/' || lpad(((r.p * 3) % 100000)::text, 5, '0') end as recibo) x
     where r.p > ${PROTOCOLOS}`,
  );
  for (const { indexdef } of indices) await passo(indexdef.replace(/ ON .*/, ''), indexdef);
  await c.query('set session_replication_role = origin');
  await passo(
    'analyze',
    'drop table bench_p, bench_g; analyze pessoas, contratos, beneficiarios, protocolos, reembolsos',
  );
  console.error(`filled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------
// The texts typed, from rows of the filled database

const semAcento = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** The start of a word, as someone types part of it: at least 3 letters, usually most of it. */
const trecho = (w, k) => w.slice(0, Math.max(3, Math.ceil(w.length * (0.6 + 0.4 * ((k % 3) / 2)))));
const misturar = (w, k) => (k % 2 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1).toLowerCase());

function agrupar(numero, k) {
  // 417297 20260310 000001 · 417297.2026.0310-000001 · 4172 9720 2603 1000 0001
  if (k % 3 === 0) return `${numero.slice(0, 6)} ${numero.slice(6, 14)} ${numero.slice(14)}`;
  if (k % 3 === 1) return `${numero.slice(0, 6)}.${numero.slice(6, 10)}.${numero.slice(10, 14)}-${numero.slice(14)}`;
  return numero.match(/.{4}/g).join(' ');
}

async function textos(c, n) {
  const gente = (
    await c.query(
      `select pe.cpf, pe.nome, b.codigo_beneficiario as cartao, b.codigo_contrato as contrato
       from pessoas pe join beneficiarios b on b.cpf = pe.cpf
       where pe.cpf in (select cpf from pessoas tablesample bernoulli (0.1) repeatable (31) limit $1)`,
      [n],
    )
  ).rows;
  const protocolos = (
    await c.query(`select numero from protocolos tablesample bernoulli (0.2) repeatable (37) limit $1`, [n])
  ).rows.map((r) => r.numero);
  const recibos = (
    await c.query(`select numero_recibo from reembolsos tablesample bernoulli (0.5) repeatable (41) limit $1`, [n])
  ).rows.map((r) => r.numero_recibo);
  const nomes = (k, acentos) => {
    const { nome } = gente[k % gente.length];
    const palavras = nome.split(' ').filter((w) => w.length > 2);
    // The first name and the last surname, or the first name and the middle one, typed in part.
    const escolhidas = k % 4 === 3 ? palavras.slice(0, 2) : [palavras[0], palavras.at(-1)];
    return escolhidas
      .map((w, j) => trecho(w, k + j))
      .map((w, j) => (acentos ? misturar(w, k + j) : semAcento(w).toLowerCase()))
      .join(' ');
  };
  const cpf = (x) => `${x.slice(0, 3)}.${x.slice(3, 6)}.${x.slice(6, 9)}-${x.slice(9)}`;
  const recibo = (x, k) =>
    k % 2 ? x.replace(/[^0-9A-Za-z]/g, '').toLowerCase() : x.replace(/[^0-9A-Za-z]+/g, ' ').trim();
  const de = (f) => Array.from({ length: n }, (_, k) => f(k));
  return {
    'CPF, digits only': de((k) => gente[k % gente.length].cpf),
    'CPF, with dots and dash': de((k) => cpf(gente[k % gente.length].cpf)),
    'name in part, lower case, no accents': de((k) => nomes(k, false)),
    'name in part, accents, mixed case': de((k) => nomes(k, true)),
    'protocol number, 20 digits': de((k) => protocolos[k % protocolos.length]),
    'protocol number, grouped': de((k) => agrupar(protocolos[k % protocolos.length], k)),
    'card number': de((k) => gente[k % gente.length].cartao),
    'receipt number, typed another way': de((k) => recibo(recibos[k % recibos.length], k)),
    'contract code': de((k) => gente[k % gente.length].contrato),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentil(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `CLIENTS` workers share the texts (warm-up first); latencies, answers' people and errors. */
async function medir(lista, fazer) {
  const lat = [];
  let erros = 0;
  let pessoas = 0;
  let proximo = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let k = proximo++; k < lista.length; k = proximo++) {
        const t0 = performance.now();
        const r = await fazer(lista[k]).then(
          (n) => n,
          (e) => (erros++ === 0 && console.error(`  ${e.message}`), null),
        );
        if (k >= AQUECIMENTO && r !== null) {
          lat.push(performance.now() - t0);
          pessoas += r;
        }
      }
    }),
  );
  lat.sort((a, b) => a - b);
  return { n: lat.length, p50: percentil(lat, 50), p95: percentil(lat, 95), p99: percentil(lat, 99), pessoas, erros };
}

const fmt = (r) =>
  `p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms` +
  `  (${(r.pessoas / r.n).toFixed(1)} people per answer${r.erros ? `, ${r.erros} errors` : ''})`;

// ---------------------------------------------------------------------------------------------

console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${process.env.BENCH_NOTE ?? 'shared machine'})`,
);
if (!existsSync(join(root, 'apps/api/dist/equipe.js'))) throw new Error('run `npm run build` first');

const nome = process.env.BENCH_DB ?? `busca_bench_${process.pid}`;
const novo = !process.env.BENCH_DB;
const db = novo ? await bancoDescartavel(PG_URL, nome) : { url: urlDoBanco(PG_URL, nome) };
let servidor = null;
let pool = null;
try {
  servidor = await startPortal({
    DATABASE_URL: db.url,
    REDIS_URL: '',
    SEED: 'none',
    PRUNE_INTERVAL_SECONDS: '0',
  });
  console.log(`server start (migrations${novo ? ', empty database' : ''}): ${servidor.segundos.toFixed(1)} s`);
  pool = new pg.Pool({ connectionString: db.url, max: POOL });
  pool.on('error', () => undefined); // idle clients dropped with the database at the end
  if (novo) {
    console.error(`filling ${nome}…`);
    const c = await pool.connect();
    try {
      await preencher(c);
    } finally {
      c.release();
    }
  }
  const contagem = (
    await pool.query(
      `select (select count(*) from pessoas) as pessoas, (select count(*) from beneficiarios) as beneficiarios,
              (select count(*) from protocolos) as protocolos, (select count(*) from reembolsos) as reembolsos`,
    )
  ).rows[0];
  console.log(
    `PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}, database ${nome}: ` +
      Object.entries(contagem)
        .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k}`)
        .join(', '),
  );

  const cabecalhos = await sessaoDaEquipe(
    servidor.baseUrl,
    { ...process.env, DATABASE_URL: db.url, REDIS_URL: '' },
    {
      email: `bench.busca.${process.pid}@operadora.exemplo`,
      nome: 'Bench Busca',
      novaSenha: 'a senha propria do bench da busca global',
    },
  );
  const porTipo = await textos(pool, AQUECIMENTO + BUSCAS);

  if (process.env.BENCH_EXPLAIN) {
    let plano = [];
    const explicar = {
      query: async (sql, params) => {
        plano = (await pool.query(`explain (analyze, buffers) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']);
        return [];
      },
    };
    for (const [tipo, lista] of Object.entries(porTipo)) {
      await new BuscaRepository(explicar).achar(criteriosDaBusca(lista[0]), BUSCA_ATENDIMENTO.maxPessoas + 1);
      console.log(`\n## EXPLAIN ANALYZE, ${tipo}: ${JSON.stringify(lista[0])}\n${plano.join('\n')}`);
    }
  }

  const viaApi = (q) =>
    fetch(`${servidor.baseUrl}/api/atendimento/busca?q=${encodeURIComponent(q)}`, { headers: cabecalhos }).then(
      async (r) => {
        if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
        return (await r.json()).pessoas.length;
      },
    );
  // The baseline: what the service asks the database for one text, nothing else.
  const repo = new BuscaRepository({ query: async (sql, params) => (await pool.query(sql, params)).rows });
  const semApi = async (q) => {
    const { maxPessoas, maxPorPessoa } = BUSCA_ATENDIMENTO;
    const achadas = (await repo.achar(criteriosDaBusca(q), maxPessoas + 1)).pessoas.slice(0, maxPessoas);
    const cpfs = achadas.map((a) => a.cpf);
    if (cpfs.length)
      await Promise.all([
        repo.vinculos(cpfs),
        repo.protocolos(cpfs, maxPorPessoa + 1),
        repo.reembolsos(cpfs, maxPorPessoa + 1),
      ]);
    return achadas.length;
  };

  console.log(
    `\n${CLIENTS} staff searching at once, ${BUSCAS} searches per kind after ${AQUECIMENTO} of warm-up; ` +
      `API through HTTP with a supervisor's session; baseline = the same statements on the pg client`,
  );
  const linhas = [];
  for (const [tipo, lista] of Object.entries(porTipo)) {
    const api = await medir(lista, viaApi);
    const base = await medir(lista, semApi);
    console.log(`  ${tipo}`);
    console.log(`    API                  ${fmt(api)}`);
    console.log(`    SQL alone (baseline) ${fmt(base)}`);
    linhas.push({ tipo, api, base });
  }
  console.log('\n## Target: p95 ≤ 100 ms through the API; ratio API / SQL alone');
  for (const { tipo, api, base } of linhas)
    console.log(
      `  ${tipo.padEnd(36)} p50 ${api.p50.toFixed(1).padStart(5)} ms, p95 ${api.p95.toFixed(1).padStart(5)} ms: ` +
        `${api.p95 <= 100 && !api.erros ? 'met' : 'MISSED'}; ratio p50 ${(api.p50 / base.p50).toFixed(2)}×, p95 ${(api.p95 / base.p95).toFixed(2)}×`,
    );
} finally {
  await pool?.end();
  await servidor?.stop();
  if (novo && !process.env.BENCH_MANTER) await db.drop();
  else console.log(`database kept: ${nome}`);
}
