// Faults (issue 9). (1) SIGKILL the server in the middle of a burst of contracting, dependent and
// rating requests, start it again on the same PostgreSQL, and show that every acknowledged request
// is stored exactly once, nothing is half-written (each protocol has its request rows, its audit row
// and its message), and that replaying every request with its Idempotency-Key creates nothing twice.
// (2) A connection killed inside a transaction (pg_terminate_backend of the backends waiting on a
// lock), and (3) a lock held past lock_timeout with more writes than the pool has connections: every
// request answers 503 INDISPONIVEL within the bounded waits, the process never exits, the next
// request works (issue 13). (4) With `--reiniciar-postgres`: restart PostgreSQL under load; the API
// answers 503 while it is down and recovers by itself. (5) A Redis outage (a redis-server of this
// script's own, stopped and started again): throttled calls answer 503, never 500 and never
// unthrottled, /readyz names Redis, and everything recovers. (6) Import files with a line that never
// ends, sent one at a time through the integration API while a member's calls are timed, in windows
// alternating with windows without them: each is refused at its line, the calls are all answered, and
// the server spends on each file less CPU than on 400 calls (issue 30; the uploader runs at the idle
// CPU priority, as if on a machine of its own). For each case the script prints the requests answered, their
// statuses and the longest wait. `npm run test:falhas` (CI runs it when PostgreSQL answers).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
const ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const reiniciarPostgres = process.argv.includes('--reiniciar-postgres');
let falhas = 0;
const check = (label, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` — ${detail}` : ''}`);
  if (!ok) falhas++;
};

const NOMES = ['Alice', 'Bruno', 'Cecília', 'Davi', 'Elisa', 'Felipe', 'Giovana', 'Heitor', 'Isabela', 'Joaquim'];
const SOBRENOMES = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Dias',
  'Esteves',
  'Farias',
  'Gomes',
  'Henriques',
  'Igarashi',
  'Jardim',
  'Lopes',
  'Moraes',
];

function cpf(base9) {
  const dv = (d, w) => {
    const r = ([...d].reduce((s, c, i) => s + Number(c) * (w - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base9, 10);
  return `${base9}${d1}${dv(base9 + d1, 11)}`;
}

/** Statuses of a set of answers, e.g. '503×8 200×2' (0: no answer). */
const contagem = (xs) =>
  Object.entries(xs.reduce((a, e) => ((a[e.s] = (a[e.s] ?? 0) + 1), a), {}))
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
const maisLonga = (xs) => Math.max(0, ...xs.map((e) => e.ms));
/** One request, timed: { s: status (0: no answer), ms, code }. */
async function medir(fn) {
  const t = Date.now();
  try {
    const r = await fn();
    return { s: r.status, ms: Date.now() - t, code: r.body?.code };
  } catch {
    return { s: 0, ms: Date.now() - t };
  }
}
/** The 95th percentile of the waits (ms). */
const p95 = (xs) => {
  const ms = xs.map((e) => e.ms).sort((a, b) => a - b);
  return ms[Math.max(0, Math.ceil(ms.length * 0.95) - 1)] ?? 0;
};
const relatorio = (nome, xs) =>
  console.log(
    `     ${nome}: ${xs.length} requests answered ${xs.filter((e) => e.s).length}, ${contagem(xs)}, longest wait ${maisLonga(xs)} ms`,
  );
/** One clock tick of /proc's CPU times, in ms. */
const TICK_MS = 1000 / (Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100);
/** The CPU time (ms) a process has used so far, all its threads: utime + stime of /proc/<pid>/stat. */
const cpuMs = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(campos[11]) + Number(campos[12])) * TICK_MS;
};
const vivo = (srv) => srv.child.exitCode === null && !srv.child.signalCode;
const pausa = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Case 8's uploader (a process of its own): for each line on its stdin, one import file of produtos
 * whose second line is 8 MB without a line break; one JSON line per file on stdout: the upload's
 * status, its wait, and the import as GET /importacoes/:id ends it. It ends with its stdin.
 */
const ENVIADOR = `
import { request } from 'node:http';
import { createInterface } from 'node:readline';
const { BASE, CHAVE } = process.env;
const chave = { authorization: 'Bearer ' + CHAVE };
// node:http, not fetch: the answer comes while the file is still being sent (the server stops at the
// limit and closes the connection), and fetch gives up on the upload then.
const enviar = () =>
  new Promise((resolve, reject) => {
    const req = request(BASE + '/api/integracao/v1/importacoes/produtos', {
      method: 'POST',
      headers: { ...chave, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
    });
    let respondido = false;
    req.on('response', (res) => {
      respondido = true;
      let corpo = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (corpo += d));
      res.on('end', () => resolve({ status: res.statusCode, corpo: JSON.parse(corpo) }));
      res.on('error', reject);
    });
    req.on('error', (e) => respondido || reject(e));
    req.write('codigoPlano;nomePlano;segmentacao;acomodacao;coparticipativo\\n');
    let enviados = 0;
    const mais = () => {
      while (!respondido && enviados < 8 * 1024 * 1024) {
        enviados += 64 * 1024;
        if (!req.write(Buffer.alloc(64 * 1024, 'x'))) return req.once('drain', mais);
      }
      if (!respondido) req.end('\\n');
    };
    mais();
  });
let anterior;
for await (const _ of createInterface({ input: process.stdin })) {
  const t = Date.now();
  let e;
  try {
    const r = await enviar();
    e = { s: r.status, ms: Date.now() - t };
    for (let i = 0; i < 200 && r.corpo.local; i++) {
      e.fim = await (await fetch(BASE + r.corpo.local, { headers: chave })).json();
      if (e.fim.status !== 'em_andamento') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (err) {
    // The server answers as soon as it refuses the file and closes the connection: a client still
    // sending may lose that answer (EPIPE). The import is then read from the history.
    e = { s: 0, ms: Date.now() - t, erro: String(err) };
    const [ultima] = (await (await fetch(BASE + '/api/integracao/v1/importacoes?limite=1', { headers: chave })).json())
      .importacoes;
    for (let i = 0; i < 200 && ultima && ultima.id !== anterior; i++) {
      e.fim = await (await fetch(BASE + '/api/integracao/v1/importacoes/' + ultima.id, { headers: chave })).json();
      if (e.fim.status !== 'em_andamento') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  anterior = e.fim?.id ?? anterior;
  process.stdout.write(JSON.stringify(e) + '\\n');
}
`;

function portaLivre() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function iniciar(env) {
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED: 'demo',
      REDIS_URL: '',
      PRUNE_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise((resolve, reject) => {
    // Only the log's tail is kept (for the error below), and read until the address is in it: the
    // whole log, searched again at every line, made this process — which times the requests — slower
    // and slower as the cases went on.
    let out = '';
    let achou = false;
    const on = (d) => {
      out = (out + d).slice(-4000);
      if (achou) return;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        achou = true;
        resolve(m[1]);
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', (c, s) => reject(new Error(`server exited (${c ?? s})\n${out.slice(-2000)}`)));
  });
  return { child, url };
}

class Membro {
  cookies = new Map();
  token = '';
  perfil = null;
  async post(base, path, body, headers = {}) {
    const h = { 'content-type': 'application/json', ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await fetch(base + path, { method: 'POST', headers: h, body: JSON.stringify(body) });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      if (!/max-age=0/i.test(c)) this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await r.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: r.status, body: json };
  }
  async entrar(base, cpfMembro, contrato) {
    this.token = (
      await this.post(base, '/api/Token/GerarToken', { usuario: 'portal-web', senha: 'portal-web-demo' })
    ).body;
    const perfis = (await this.post(base, '/api/Login/PerfisDaConta', { cpf: Number(cpfMembro), senha: 'senha123' }))
      .body;
    const p = perfis.find((x) => x.codigoContrato === contrato) ?? perfis[0];
    const r = await this.post(base, '/api/Login/Autenticar', {
      cpf: cpfMembro,
      senha: 'senha123',
      codigoPlano: p.codigoPlano,
      codigoContrato: p.codigoContrato,
    });
    this.perfil = { codigoSessao: r.body.codigoSessao };
  }
}

// The restart below ends these connections: a client's 'error' event must not end the script.
let admin = new pg.Client({ connectionString: ADMIN });
admin.on('error', () => undefined);
try {
  await admin.connect();
} catch {
  console.log('PostgreSQL does not answer on 127.0.0.1:5432: fault tests skipped');
  process.exit(process.env.CI_REQUIRE_SERVICES ? 1 : 0);
}
const nome = `portal_falhas_${process.pid}`;
await admin.query(`create database ${nome}`);
const dbUrl = `postgres://postgres@127.0.0.1:5432/${nome}`;
const db = new pg.Client({ connectionString: dbUrl });
db.on('error', () => undefined);
let servidor = iniciar({ DATABASE_URL: dbUrl });
try {
  let base = await servidor.url;
  await db.connect();
  const maria = new Membro();
  const roberto = new Membro();
  await maria.entrar(base, '52998224725', '100234');
  await roberto.entrar(base, '93541134780', '310077');

  // The requests of the burst, each with its own Idempotency-Key.
  const pedidos = [];
  for (let i = 0; i < 120; i++) {
    const quem = i % 2 === 0 ? maria : roberto;
    pedidos.push({
      tipo: 'dependente',
      quem,
      path: '/api/Venda/AdicionarDependente',
      body: {
        perfilAutenticado: quem.perfil,
        novosDependentes: [
          {
            nome: `${NOMES[i % NOMES.length]} ${SOBRENOMES[Math.floor(i / NOMES.length) % SOBRENOMES.length]} Souza`,
            cpf: cpf(String(810000000 + i)),
            dataNascimento: '2015-05-10',
            cidade: 'Campinas',
            celular: '19991234567',
          },
        ],
      },
      chave: randomUUID(),
    });
  }
  const uso = await maria.post(base, '/api/utilizacao/ListarUtilizacao', {
    perfilAutenticado: maria.perfil,
    codigoBeneficiario: '1100234001',
  });
  for (const p of (uso.body?.procedimentos ?? []).filter(
    (x) => !x.jaAvaliado && /^\d{8}$/.test(String(x.procedimento)),
  )) {
    pedidos.push({
      tipo: 'avaliacao',
      quem: maria,
      path: '/api/utilizacao/AvaliarAtendimento',
      body: {
        perfilAutenticado: maria.perfil,
        codigoBeneficiario: '1100234001',
        codigoPrestador: p.procedimento,
        data: p.data,
        nota: 5,
        comentario: 'Bom atendimento.',
      },
      chave: randomUUID(),
    });
  }
  // Orthopedic plan for Maria and Ana Clara, confirmed with the SMS code inside the burst.
  await maria.post(base, '/api/Servicos/Ortopedico/AceiteTermoAdesao', {
    perfilAutenticado: maria.perfil,
    codigoMatriculasBeneficiariosAlvo: ['1100234001', '1100234003'],
  });
  await maria.post(base, '/api/Servicos/Ortopedico/EnviarSms', { perfilAutenticado: maria.perfil });
  const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
  const codigo = outbox.find((m) => m.canal === 'sms' && m.codigo)?.codigo;
  pedidos.push({
    tipo: 'contratacao',
    quem: maria,
    path: '/api/Servicos/Ortopedico/ConfirmarContratacao',
    body: { perfilAutenticado: maria.perfil, codigoToken: Number(codigo) },
    chave: randomUUID(),
  });
  pedidos.sort(() => Math.random() - 0.5);
  const avaliacoes = pedidos.filter((p) => p.tipo === 'avaliacao').length;
  console.log(
    `burst: ${pedidos.length} requests (120 dependents, ${avaliacoes} ratings, 1 contracting), SIGKILL after 40 answers`,
  );

  // The demo history's protocols (seed part 0009) were loaded, not requested: only what the burst
  // creates must carry its request rows, audit row and message.
  const protocolosDoSeed = (await db.query('select numero from protocolos')).rows.map((r) => r.numero);

  // 1. The burst, 8 at a time; the server is killed with SIGKILL after the 40th answer.
  const confirmados = new Map();
  let respondidos = 0;
  let morto = false;
  let fila = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (fila < pedidos.length) {
        const p = pedidos[fila++];
        try {
          const r = await p.quem.post(base, p.path, p.body, { 'idempotency-key': p.chave });
          if (r.status === 200) confirmados.set(p.chave, r.body);
          else if (process.env.DEBUG_FALHAS) console.log(p.tipo, r.status, JSON.stringify(r.body));
          respondidos++;
          if (respondidos === 40 && !morto) {
            morto = true;
            servidor.child.kill('SIGKILL');
          }
        } catch {
          // no answer: the server died with this request in flight
        }
      }
    }),
  );
  await new Promise((r) =>
    servidor.child.exitCode !== null || servidor.child.signalCode ? r() : servidor.child.once('exit', r),
  );
  check(
    'the server was killed mid-burst',
    morto,
    `${confirmados.size} acknowledged, ${pedidos.length - confirmados.size} not`,
  );

  // 2. Start again on the same database.
  servidor = iniciar({ DATABASE_URL: dbUrl });
  base = await servidor.url;
  const q = async (sql, params = []) => (await db.query(sql, params)).rows;
  const protocolosConfirmados = [...confirmados.values()].map((b) => b.protocolo ?? b.dados?.protocolo).filter(Boolean);
  const porNumero = await q('select numero, tipo from protocolos where numero = any($1)', [protocolosConfirmados]);
  check(
    'every acknowledged request is stored, exactly once',
    porNumero.length === protocolosConfirmados.length &&
      new Set(porNumero.map((r) => r.numero)).size === porNumero.length,
    `${porNumero.length}/${protocolosConfirmados.length}`,
  );
  const meias = await q(
    `
    select p.numero, p.tipo from protocolos p
     where not (p.numero = any($1)) and ((p.tipo = 'INCLUSAO_DEPENDENTE' and not exists (select 1 from dependentes_solicitados d where d.protocolo = p.numero))
        or not exists (select 1 from audit_log a where a.event = 'solicitacao_registrada' and a.detail->>'protocolo' = p.numero)
        or not exists (select 1 from outbox o where o.mensagem like
          '%' || substr(p.numero, 1, 6) || ' ' || substr(p.numero, 7, 8) || ' ' || substr(p.numero, 15) || '%'))`,
    [protocolosDoSeed],
  );
  check(
    'nothing is half-written: each protocol has its request rows, audit row and message',
    meias.length === 0,
    meias.map((m) => `${m.tipo} ${m.numero}`).join(', '),
  );
  const pendentes = await q('select count(*)::int as n from idempotencia where resposta is null');
  check('no idempotency claim was left without its answer', pendentes[0].n === 0, `${pendentes[0].n} open`);

  // 3. The clients retry everything with the same keys: acknowledged ones get the same answer,
  // the others are stored now — or answered from what had committed before the kill.
  let mesmas = 0;
  for (const p of pedidos) {
    const r = await p.quem.post(base, p.path, p.body, { 'idempotency-key': p.chave });
    const antes = confirmados.get(p.chave);
    if (antes && JSON.stringify(antes) === JSON.stringify(r.body)) mesmas++;
  }
  check(
    'a retry of an acknowledged request gets the first answer',
    mesmas === confirmados.size,
    `${mesmas}/${confirmados.size}`,
  );
  const [dep] = await q(
    "select count(*)::int as n, count(distinct cpf)::int as d from dependentes_solicitados where cpf like '81%'",
  );
  check(
    'after the retries every dependent request is stored exactly once',
    dep.n === 120 && dep.d === 120,
    `${dep.n} rows, ${dep.d} CPFs`,
  );
  const [aval] = await q("select count(*)::int as n from avaliacoes_atendimento where comentario = 'Bom atendimento.'");
  check('…every rating once', aval.n === avaliacoes, `${aval.n}/${avaliacoes}`);
  const [ct] = await q("select count(*)::int as n from protocolos where tipo = 'CONTRATACAO_ORTOPEDICO'");
  check('…and one orthopedic contract', ct.n === 1, `${ct.n}`);

  // Issue 13: the bounded waits. Writes need protocolo_sequencias (a protocol number per request).
  let proximoDependente = 830000000;
  const escrever = () =>
    maria.post(base, '/api/Venda/AdicionarDependente', {
      perfilAutenticado: maria.perfil,
      novosDependentes: [
        {
          nome: 'Lucas Souza Andrade',
          cpf: cpf(String(proximoDependente++)),
          dataNascimento: '2019-05-20',
          cidade: 'Campinas',
          celular: '19991234567',
        },
      ],
    });
  const cidades = async () => {
    const r = await fetch(`${base}/api/GuiaMedico/Cidades`, { headers: { authorization: `Bearer ${maria.token}` } });
    await r.arrayBuffer();
    return { status: r.status };
  };
  let saidas = 0;
  servidor.child.once('exit', () => saidas++);

  // 4. A connection killed inside a transaction: 6 writes wait on a lock inside their transactions;
  // their backends are terminated (pg_terminate_backend, as a failover or a network reset would).
  {
    const psql = new pg.Client({ connectionString: dbUrl });
    psql.on('error', () => undefined);
    await psql.connect();
    await psql.query('begin');
    await psql.query('lock table protocolo_sequencias in share mode');
    const pedidos = Array.from({ length: 6 }, () => medir(escrever));
    let mortos = 0;
    for (let i = 0; i < 100 && mortos < 6; i++) {
      await pausa(50);
      const { rows } = await psql.query(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      mortos += rows.length;
    }
    const xs = await Promise.all(pedidos);
    await psql.query('rollback');
    await psql.end();
    const depois = await medir(escrever);
    console.log(`4. connection killed inside a transaction (${mortos} backends terminated)`);
    relatorio('writes whose backend was killed', xs);
    check(
      'a request whose connection dies inside its transaction answers 503 INDISPONIVEL',
      xs.every((e) => e.s === 503 && e.code === 'INDISPONIVEL'),
      contagem(xs),
    );
    check(
      '…the process never exited, and the next write works',
      vivo(servidor) && depois.s === 200,
      `next: ${depois.s}`,
    );
  }

  // 5. A lock held for 12 s, past lock_timeout (default 3 s), under 24 writes (more than the pool's
  // 10 connections, so some also wait for a connection, 3 s at most) and public calls: everything
  // answers within 10 s.
  {
    const psql = new pg.Client({ connectionString: dbUrl });
    psql.on('error', () => undefined);
    await psql.connect();
    await psql.query('begin');
    await psql.query('lock table protocolo_sequencias in access exclusive mode');
    const t0 = Date.now();
    const escritas = Promise.all(Array.from({ length: 24 }, () => medir(escrever)));
    const publicas = [];
    const carga = (async () => {
      while (Date.now() - t0 < 9000) {
        publicas.push(await medir(cidades));
        await pausa(250);
      }
    })();
    const xs = await escritas;
    await carga;
    const espera = 12_000 - (Date.now() - t0);
    if (espera > 0) await pausa(espera);
    await psql.query('rollback');
    await psql.end();
    const depois = await medir(escrever);
    console.log('5. a lock held for 12 s (past lock_timeout) under 24 writes and public calls');
    relatorio('writes', xs);
    relatorio('GuiaMedico/Cidades meanwhile', publicas);
    check(
      'writes blocked past the timeout answer 503 INDISPONIVEL within 10 s',
      xs.every((e) => e.s === 503 && e.code === 'INDISPONIVEL') && maisLonga(xs) < 10_000,
      `${contagem(xs)}, longest ${maisLonga(xs)} ms`,
    );
    check(
      '…public calls meanwhile answer (200 or 503) within 10 s',
      publicas.length > 0 && publicas.every((e) => [200, 503].includes(e.s)) && maisLonga(publicas) < 10_000,
      `${contagem(publicas)}, longest ${maisLonga(publicas)} ms`,
    );
    check(
      '…the process never exited, and once the lock is gone writes work',
      vivo(servidor) && depois.s === 200,
      `next: ${depois.s}`,
    );
  }

  // 6. PostgreSQL restarted under load: 503 while it is down, back by itself.
  if (reiniciarPostgres) {
    const versao = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : null;
    if (!versao) check('pg_ctlcluster available to restart PostgreSQL', false);
    else {
      const estados = [];
      let parar = false;
      const carga = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (!parar) {
            const t = Date.now();
            try {
              const r = await maria.post(base, '/api/Autorizacoes/ListarAutorizacoes', {
                perfilAutenticado: maria.perfil,
                codigoBeneficiario: '1100234001',
              });
              estados.push({ t, s: r.status, ms: Date.now() - t });
            } catch {
              estados.push({ t, s: 0, ms: Date.now() - t });
            }
            await new Promise((r) => setTimeout(r, 20));
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 1500));
      const t0 = Date.now();
      try {
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', versao, 'main', 'stop', '-m', 'fast']);
        await new Promise((r) => setTimeout(r, 3000));
      } finally {
        // Whatever happens, PostgreSQL is left running as it was found.
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', versao, 'main', 'start']);
      }
      const t1 = Date.now();
      await new Promise((r) => setTimeout(r, 4000));
      parar = true;
      await carga;
      const durante = estados.filter((e) => e.t > t0 + 200 && e.t < t1 - 200);
      const depois = estados.filter((e) => e.t > t1 + 2500);
      console.log('6. PostgreSQL stopped for 3 s under load');
      relatorio('while it was down', durante);
      relatorio('from 2.5 s after it was back', depois);
      check(
        'while PostgreSQL is down the API answers 503, never 500',
        durante.length > 0 && durante.every((e) => e.s === 503),
        contagem(durante),
      );
      check(
        'after it is back the API recovers by itself',
        depois.length > 0 && depois.every((e) => e.s === 200),
        contagem(depois),
      );
    }
  }
  // 7. A Redis outage: a redis-server of this script's own (the machine's one is never touched)
  // stopped for 3 s under throttled calls, then started again on the same port.
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    console.log('7. redis-server is not installed: Redis outage case skipped');
    if (process.env.CI_REQUIRE_SERVICES) check('redis-server available for the Redis outage case', false);
  } else {
    const redisPorta = await portaLivre();
    const redisDir = mkdtempSync(join(tmpdir(), 'portal-falhas-redis-'));
    const iniciarRedis = () =>
      spawn(
        'redis-server',
        ['--port', String(redisPorta), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir],
        {
          stdio: 'ignore',
        },
      );
    let redis = iniciarRedis();
    const comRedis = iniciar({ DATABASE_URL: dbUrl, REDIS_URL: `redis://127.0.0.1:${redisPorta}` });
    try {
      const rbase = await comRedis.url;
      let saidasRedis = 0;
      comRedis.child.once('exit', () => saidasRedis++);
      const verificar = () => maria.post(rbase, '/api/Login/VerificarCPF', { cpf: '52998224725' });
      const perfis = () => maria.post(rbase, '/api/Login/PerfisDaConta', { cpf: 52998224725, senha: 'senha123' });
      const pronto = async () => {
        const r = await fetch(`${rbase}/readyz`);
        return { status: r.status, body: await r.json() };
      };
      const antes = [await medir(verificar), await medir(perfis)];
      redis.kill('SIGTERM');
      await new Promise((r) => (redis.exitCode !== null ? r() : redis.once('exit', r)));
      const durante = [];
      const prontidao = [];
      const t0 = Date.now();
      while (Date.now() - t0 < 3000) {
        durante.push(await medir(verificar), await medir(perfis));
        prontidao.push(await medir(pronto));
      }
      const readyzFora = await pronto();
      redis = iniciarRedis();
      let depois = [];
      for (let i = 0; i < 50; i++) {
        await pausa(200);
        depois = [await medir(verificar), await medir(perfis)];
        if (depois.every((e) => e.s === 200)) break;
      }
      const readyzVolta = await pronto();
      console.log('7. Redis stopped for 3 s under VerificarCPF and PerfisDaConta');
      relatorio('before', antes);
      relatorio('while Redis was down', durante);
      relatorio('/readyz while Redis was down', prontidao);
      relatorio('after it was back', depois);
      check(
        'while Redis is down throttled calls answer 503 INDISPONIVEL (never 500, never unthrottled) within 3 s',
        antes.every((e) => e.s === 200) &&
          durante.length > 0 &&
          durante.every((e) => e.s === 503 && e.code === 'INDISPONIVEL') &&
          maisLonga(durante) < 3000,
        `${contagem(durante)}, longest ${maisLonga(durante)} ms`,
      );
      check(
        '…/readyz answers 503 naming Redis',
        readyzFora.status === 503 && readyzFora.body.redis === 'indisponivel' && readyzFora.body.banco === 'ok',
        JSON.stringify(readyzFora.body),
      );
      check(
        '…the process never exited, and once Redis is back everything works',
        vivo(comRedis) && saidasRedis === 0 && depois.every((e) => e.s === 200) && readyzVolta.status === 200,
        `${contagem(depois)}, /readyz ${readyzVolta.status} ${JSON.stringify(readyzVolta.body)}`,
      );
    } finally {
      comRedis.child.kill('SIGTERM');
      await new Promise((r) => (comRedis.child.exitCode !== null ? r() : comRedis.child.once('exit', r)));
      if (redis.exitCode === null) {
        redis.kill('SIGTERM');
        await new Promise((r) => redis.once('exit', r));
      }
      rmSync(redisDir, { recursive: true, force: true });
    }
  }
  // 8. Import files whose second line never ends (8 MB without a line break), one at a time through
  // the integration API from a process of their own (this one's event loop only times the calls),
  // while Maria's calls are timed — and the same calls without them, in alternating windows.
  {
    const id = randomBytes(8).toString('hex');
    const segredo = randomBytes(32).toString('base64url');
    // A connection of its own: case 6's PostgreSQL restart ended the script's first one.
    const chaves = new pg.Client({ connectionString: dbUrl });
    await chaves.connect();
    try {
      await chaves.query(
        `insert into chaves_integracao (id, nome, escopos, segredo_hash, criada_em) values ($1, 'falhas', $2, $3, now())`,
        [id, ['importar', 'leitura'], createHash('sha256').update(segredo).digest('hex')],
      );
    } finally {
      await chaves.end().catch(() => undefined);
    }
    const chamada = () =>
      maria.post(base, '/api/Autorizacoes/ListarAutorizacoes', {
        perfilAutenticado: maria.perfil,
        codigoBeneficiario: '1100234001',
      });
    // The uploader stands for the operator's ERP, on a machine of its own: here it shares the server's
    // CPU, so it runs at the idle priority (chrt --idle) and takes no time the server could use —
    // otherwise its own 8 MB a file slowed the member's calls as much as anything the server did.
    const idle = spawnSync('chrt', ['--idle', '0', 'true']).status === 0;
    const comando = [process.execPath, '--input-type=module', '-e', ENVIADOR];
    const enviador = spawn(idle ? 'chrt' : comando[0], idle ? ['--idle', '0', ...comando] : comando.slice(1), {
      env: { ...process.env, BASE: base, CHAVE: `pbk_${id}_${segredo}` },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const envios = [];
    let saida = '';
    enviador.stdout.on('data', (d) => {
      saida += d;
      for (let i = saida.indexOf('\n'); i >= 0; i = saida.indexOf('\n')) {
        envios.push(JSON.parse(saida.slice(0, i)));
        saida = saida.slice(i + 1);
      }
    });
    // The two kinds of window alternate, so whatever else the machine runs (CI's other lane: Chromium,
    // a test suite) weighs on both alike: calls while one file is sent and its import ends, then as many
    // calls without an upload, RODADAS times — the same number of calls in both, so their p95 sit at the
    // same place in the tail (a p95 of 37 calls against one of 180 compared the second-slowest call with
    // the ninth: ci-16 failed so, 235 ms against 25, beside the e2e lane). Every call is followed by the
    // same short pause in both windows, which leaves the idle-priority uploader a moment even on one
    // core (back-to-back calls never did: ci-7 sent no file in 800 calls); each call's own time is what
    // is measured. A few calls first warm the path up, in neither window.
    const RODADAS = 6;
    const sem = [];
    const com = [];
    const medirPausado = async (xs) => {
      xs.push(await medir(chamada));
      await pausa(5);
    };
    const pid = servidor.child.pid;
    let cpuCom = 0;
    let cpuSem = 0;
    for (let i = 0; i < 10; i++) await medirPausado([]);
    for (let r = 0; r < RODADAS; r++) {
      const antes = envios.length;
      const jaMedidas = com.length;
      let cpu = cpuMs(pid);
      enviador.stdin.write('\n');
      // Bounded, so a lost uploader fails the check instead of hanging the run.
      const ate = Date.now() + 120_000;
      do await medirPausado(com);
      while (envios.length === antes && Date.now() < ate);
      cpuCom += cpuMs(pid) - cpu;
      cpu = cpuMs(pid);
      for (let i = jaMedidas; i < com.length; i++) await medirPausado(sem);
      cpuSem += cpuMs(pid) - cpu;
    }
    enviador.stdin.end();
    const saiu = new Promise((r) => (enviador.exitCode !== null ? r() : enviador.once('exit', r)));
    const prazo = setTimeout(() => enviador.kill('SIGTERM'), 10_000);
    await saiu;
    clearTimeout(prazo);
    console.log(`8. ${envios.length} import files with an 8 MB line (no line break) while a member's calls are timed`);
    relatorio('ListarAutorizacoes without the uploads', sem);
    relatorio('ListarAutorizacoes during the uploads', com);
    relatorio('uploads', envios);
    const semResposta = envios.filter((x) => x.erro);
    if (semResposta.length)
      console.log(
        `     ${semResposta.length} upload(s) lost the answer to the early close (${semResposta[0].erro}): import read from the history`,
      );
    const recusadas = envios.filter(
      (e) =>
        e.fim?.status === 'recusado' &&
        e.fim.erros?.[0]?.linha === 2 &&
        /^Registro maior que 64 KiB/.test(e.fim.erros[0].mensagem),
    );
    check(
      'a line past 64 KiB is refused at its line (recusado: line 2)',
      envios.length === RODADAS && recusadas.length === envios.length,
      `${recusadas.length}/${envios.length}, ${contagem(envios)}`,
    );
    // Before the fix one 8 MB line cost the server 21–36 s of CPU, spent in one stretch of its event
    // loop, and every other call waited up to 11 s. What is checked is that cost, in the server's own
    // CPU time (its /proc times), which other processes on the machine do not change: the extra CPU of
    // the windows with an upload over those without (the same calls in both), per file, against what
    // one member call costs, measured in the same run. A refused file (its first 64 KiB read, the
    // import recorded and refused, the uploader's polls) costs about 90 calls' worth here; the bound is
    // 400, and the superlinear parse was about 10 000. The calls' waits are printed beside it: a p95
    // compares the tails of two samples taken while CI's other lane also runs, and it failed with the
    // server unchanged (ci-16; a later run, p95 65 ms during and 17 ms without): a figure, not a check.
    const porEnvio = (cpuCom - cpuSem) / Math.max(1, envios.length);
    const porChamada = cpuSem / Math.max(1, sem.length);
    console.log(
      `     a member's calls: p95 ${p95(com)} ms during the uploads, ${p95(sem)} ms without; the server's CPU: ${Math.round(porEnvio)} ms per file, ${porChamada.toFixed(1)} ms per call`,
    );
    check(
      "…and a member's calls meanwhile are all answered, the server spending on each file less CPU than on 400 of them",
      com.every((e) => e.s === 200) && sem.every((e) => e.s === 200) && porEnvio <= 400 * porChamada,
      `${Math.round(porEnvio / porChamada)} calls' worth per file, ${contagem(com)} during`,
    );
  }
  check('the server never exited during the PostgreSQL faults', saidas === 0 && vivo(servidor));
} catch (err) {
  console.error(err);
  falhas++;
} finally {
  if (servidor.child.exitCode === null && !servidor.child.signalCode) {
    servidor.child.kill('SIGTERM');
    await new Promise((r) => servidor.child.once('exit', r));
  }
  await db.end().catch(() => undefined);
  if (reiniciarPostgres) {
    // The restart ended the first admin connection.
    await admin.end().catch(() => undefined);
    admin = new pg.Client({ connectionString: ADMIN });
    admin.on('error', () => undefined);
    await admin.connect().catch(() => undefined);
  }
  await admin.query(`drop database if exists ${nome} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}
console.log(falhas ? `\n${falhas} check(s) failed` : '\nall checks passed');
process.exit(falhas ? 1 : 0);
