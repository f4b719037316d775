import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PESSOA } from '@portal/operadora/demo';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EQUIPE, equipeLogada } from '../../test/equipe';
import {
  CONTRATO,
  CPF,
  esperar,
  HOJE,
  pedidoDeDependenteDaMaria,
  SENHA,
  startApp,
  type TestApp,
} from '../../test/helper';
import { FilaDeProtocolosRepository } from '../core/protocolos/repository';
import { ChavesDeIntegracao, ChavesRepository } from '../modules/integracao';

const TOKEN = 'token-de-metricas-de-teste-com-32-caracteres-ou-mais';
const CACHE_SEGUNDOS = 15;
/** Deliveries retried at once, one retry, then a dead letter. */
const WEBHOOKS = {
  WEBHOOKS_INTERVAL_MS: '50',
  WEBHOOKS_TIMEOUT_MS: '2000',
  WEBHOOKS_RETRY_DELAY_MS: '10',
  WEBHOOKS_RETRY_DELAY_MAX_MS: '10',
  WEBHOOKS_RETRY_LIMIT: '1',
};

/** One scrape with the token (or the given Authorization header). */
async function raspar(t: TestApp, authorization: string | null = `Bearer ${TOKEN}`) {
  return fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
}

/** The value of one sample line (`nome{rotulos} valor`), or undefined when the series is absent. */
function valor(texto: string, serie: string): number | undefined {
  const linha = texto.split('\n').find((l) => l.startsWith(`${serie} `));
  return linha === undefined ? undefined : Number(linha.slice(serie.length + 1));
}

/**
 * An operator's webhook receiver on the loopback: each path answers its list of statuses in turn
 * (then 200). Signatures are the webhooks tests' business; here only the outcome counts.
 */
async function receptor() {
  const respostas = new Map<string, number[]>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = respostas.get(req.url ?? '')?.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (caminho: string, ...status: number[]) => {
      respostas.set(caminho, status);
      return `${base}${caminho}`;
    },
    fechar: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

const CSV_DE_PRODUTOS = [
  'codigoPlano;nomePlano;numeroPlanoANS;segmentacao;acomodacao;abrangencia;coparticipativo',
  '9301;Plano Metricas Apartamento;499301101;AMBULATORIAL;APARTAMENTO;NACIONAL;S',
  '9302;Plano Metricas Enfermaria;;AMBULATORIAL;ENFERMARIA;;N',
].join('\n');

/** The operator's system sends a product file through the integration API (202; the import runs on). */
async function enviarProdutos(t: TestApp): Promise<void> {
  const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
  const { chave } = await chaves.criar({ nome: 'ERP das métricas', escopos: ['importar'] });
  const r = await t.client().post('/api/integracao/v1/importacoes/produtos', undefined, {
    raw: `${CSV_DE_PRODUTOS}\n`,
    headers: { authorization: `Bearer ${chave}`, 'content-type': 'text/csv' },
  });
  expect(r.status).toBe(202);
}

describe('/metrics with no METRICS_TOKEN nor METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('answers 404 in the error shape (not the web app), whatever token is sent', async () => {
    const r = await raspar(t);
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({
      sucesso: false,
      code: 'NAO_ENCONTRADO',
      message: 'Recurso não encontrado.',
      erro: 'Recurso não encontrado.',
    });
  });

  it('measures nothing: the app has no metrics registry', () => {
    expect(t.app.metricas).toBeNull();
  });

  it('times no statement: the app queries the database it was given, unwrapped', () => {
    expect(t.app.db).toBe(t.db);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ env: { METRICS_TOKEN: TOKEN, METRICS_CACHE_SECONDS: String(CACHE_SEGUNDOS), ...WEBHOOKS } });
  });
  afterAll(() => t.close());
  const raspagem = async () => (await raspar(t)).text();

  it('a wrong token → 401 with WWW-Authenticate, no metrics', async () => {
    const r = await raspar(t, `Bearer ${TOKEN.slice(0, -1)}x`);
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="metricas"');
    expect(await r.json()).toMatchObject({ sucesso: false, code: 'TOKEN_INVALIDO' });
  });

  it('no Authorization header → 401', async () => {
    expect((await raspar(t, null)).status).toBe(401);
  });

  it('the right token → 200 text/plain with the requests counted per route template, method and status class', async () => {
    const c = t.client();
    await c.get('/healthz');
    await c.get('/healthz');
    // A path parameter: counted under the template, never the number asked.
    await c.get('/api/atendimento/protocolos/12345678901234567890');
    const r = await raspar(t);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const texto = await r.text();
    expect(valor(texto, 'portal_http_requisicoes_segundos_count{rota="/healthz",metodo="GET",classe="2xx"}')).toBe(2);
    // Prometheus's histogram: cumulative bands up to +Inf, which is the count.
    const faixa = (le: string) =>
      valor(texto, `portal_http_requisicoes_segundos_bucket{rota="/healthz",metodo="GET",classe="2xx",le="${le}"}`);
    expect(faixa('+Inf')).toBe(2);
    expect(faixa('0.005')! <= faixa('10')!).toBe(true);
    expect(texto).toContain('# TYPE portal_http_requisicoes_segundos histogram');
    expect(
      valor(
        texto,
        'portal_http_requisicoes_segundos_count{rota="/api/atendimento/protocolos/:numero",metodo="GET",classe="4xx"}',
      ),
    ).toBe(1);
    expect(texto).not.toContain('12345678901234567890');
  });

  it('the default Node metrics are there: event-loop lag, heap, GC', async () => {
    const texto = await (await raspar(t)).text();
    expect(texto).toContain('nodejs_eventloop_lag_seconds');
    expect(texto).toContain('nodejs_heap_size_used_bytes');
    expect(texto).toContain('nodejs_gc_duration_seconds');
  });

  it('unmatched paths are one label value, the path itself never appears', async () => {
    const c = t.client();
    const antes = valor(
      await (await raspar(t)).text(),
      'portal_http_requisicoes_segundos_count{rota="(sem rota)",metodo="*",classe="4xx"}',
    );
    expect((await c.post('/api/Nada/52998224725', {})).status).toBe(404);
    const texto = await (await raspar(t)).text();
    expect(valor(texto, 'portal_http_requisicoes_segundos_count{rota="(sem rota)",metodo="*",classe="4xx"}')).toBe(
      (antes ?? 0) + 1,
    );
    expect(texto).not.toContain('/api/Nada');
  });

  it('after member, staff, webhook and import journeys the scrape holds no CPF, protocol number or name', async () => {
    const entregues = (x: string) => valor(x, 'portal_webhooks_entregas_total{resultado="entregue"}') ?? 0;
    const importadas = (x: string) =>
      valor(x, 'portal_importacao_linhas_total{entidade="produtos",resultado="aplicado"}') ?? 0;
    const antes = await raspagem();
    const r = await receptor();
    const ep = await t.app.services.webhooks.criarEndpoint({ url: r.url('/dados'), eventos: ['protocolo.criado'] });
    try {
      // Maria signs in, asks for a dependant (a protocol, a webhook), reads it, searches the Guia; a CPF is checked.
      const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
      const numero = await pedidoDeDependenteDaMaria(t);
      expect((await c.post('/api/Protocolos/Detalhe', { perfilAutenticado: perfil, protocolo: numero })).status).toBe(
        200,
      );
      expect((await c.get('/api/GuiaMedico/Prestadores?nomeCredenciado=coracao')).status).toBe(200);
      expect((await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.carlos })).status).toBe(200);
      // A staff member reads Maria's protocol; the operator imports a file.
      const equipe = await equipeLogada(t, 'atendente', 'metricas-dados');
      expect((await equipe.c.get(`/api/atendimento/protocolos/${numero}`, EQUIPE)).status).toBe(200);
      await enviarProdutos(t);
      const texto = await esperar(
        raspagem,
        (x) => entregues(x) > entregues(antes) && importadas(x) > importadas(antes),
      );
      // The journeys were counted…
      expect(
        valor(
          texto,
          'portal_http_requisicoes_segundos_count{rota="/api/Protocolos/Detalhe",metodo="POST",classe="2xx"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(valor(texto, 'portal_equipe_acoes_total{papel="atendente",acao="equipe_leu_protocolo"}')).toBeGreaterThan(
        0,
      );
      expect(entregues(texto)).toBeGreaterThan(entregues(antes));
      expect(importadas(texto)).toBeGreaterThan(importadas(antes));
      expect(texto).toContain('portal_sessoes_ativas{tipo="membro"}');
      expect(texto).toContain('portal_banco_consultas_segundos_count{operacao="select",resultado="ok"}');
      expect(texto).toContain('portal_argon2_segundos_count{operacao="verificar"}');
      semDadosPessoais(texto, numero);
      expect(texto).not.toContain(equipe.nome);
      expect(texto).not.toContain('metricas-dados');
      expect(texto).not.toContain(ep.id);
    } finally {
      await t.app.services.webhooks.desativar(ep.id);
      await r.fechar();
    }
  });

  /** No label holds 11 digits in a row, nor any CPF, the protocol number or a member's name. */
  function semDadosPessoais(texto: string, numero: string) {
    // No label holds 11 digits in a row, nor does any of the portal's own lines (the process's
    // virtual memory may well be an 11-digit number of bytes; a fraction's digits follow a point).
    const rotulos = [...texto.matchAll(/="([^"]*)"/g)].map((m) => m[1]);
    expect(rotulos.filter((r) => /\d{11}/.test(r ?? ''))).toEqual([]);
    const doPortal = texto.split('\n').filter((l) => l.startsWith('portal_'));
    expect(doPortal.filter((l) => /(?<![\d.])\d{11,}(?![\d.])/.test(l))).toEqual([]);
    for (const cpf of Object.values(CPF)) expect(texto).not.toContain(cpf);
    expect(texto).not.toContain(numero);
    for (const { nome } of Object.values(DEMO_PESSOA)) {
      expect(texto).not.toContain(nome);
      expect(texto).not.toContain(nome.split(' ')[0]);
    }
    expect(texto).not.toContain('Lucas'); // the dependant Maria asked for
  }

  it('logins are counted as ok, recusado (wrong password) and bloqueado (a CPF made to wait)', async () => {
    const inicio = await (await raspar(t)).text();
    const de = (texto: string, r: string) => valor(texto, `portal_logins_total{resultado="${r}"}`) ?? 0;
    await t.membro(CPF.roberto);
    const c = t.client();
    for (let i = 0; i < 5; i++) await c.post('/api/Login/PerfisDaConta', { cpf: Number(CPF.paulo), senha: 'errada' });
    // The 5 free failures are spent: the next try, even with the right password, meets the wait.
    await c.post('/api/Login/PerfisDaConta', { cpf: Number(CPF.paulo), senha: SENHA });
    await t.resetCounters();
    const texto = await (await raspar(t)).text();
    expect([de(texto, 'ok'), de(texto, 'recusado'), de(texto, 'bloqueado')]).toEqual([
      de(inicio, 'ok') + 1,
      de(inicio, 'recusado') + 5,
      de(inicio, 'bloqueado') + 1,
    ]);
  });

  it('every statement is timed by kind and outcome: a sign-in moves select and insert, a failed statement erro', async () => {
    const de = (x: string, operacao: string, resultado: string) =>
      valor(x, `portal_banco_consultas_segundos_count{operacao="${operacao}",resultado="${resultado}"}`);
    const antes = await raspagem();
    // The ten series are there from the start, at zero or more.
    for (const operacao of ['select', 'insert', 'update', 'delete', 'outro'])
      for (const resultado of ['ok', 'erro'])
        expect(de(antes, operacao, resultado), operacao).toBeGreaterThanOrEqual(0);
    await t.membro(CPF.roberto); // reads the account, inserts a session
    await expect(t.app.db.query('select * from tabela_que_nao_existe')).rejects.toThrow();
    const depois = await raspagem();
    expect(de(depois, 'select', 'ok')).toBeGreaterThan(de(antes, 'select', 'ok')!);
    expect(de(depois, 'insert', 'ok')).toBeGreaterThan(de(antes, 'insert', 'ok')!);
    expect(de(depois, 'select', 'erro')).toBe(de(antes, 'select', 'erro')! + 1);
    expect(valor(depois, 'portal_banco_consultas_segundos_bucket{operacao="select",resultado="ok",le="+Inf"}')).toBe(
      de(depois, 'select', 'ok'),
    );
  });

  it('password hashing: each verification and hash is timed, and none is left in progress', async () => {
    const de = (x: string, operacao: string) => valor(x, `portal_argon2_segundos_count{operacao="${operacao}"}`) ?? 0;
    const antes = await raspagem();
    await t.membro(CPF.roberto); // verifies the password
    await equipeLogada(t, 'supervisor', 'metricas-argon2'); // verifies the one-time password, hashes her own
    const depois = await raspagem();
    expect(de(depois, 'verificar')).toBeGreaterThan(de(antes, 'verificar'));
    expect(de(depois, 'hash')).toBeGreaterThan(de(antes, 'hash'));
    expect(valor(depois, 'portal_argon2_em_andamento')).toBe(0);
    expect(valor(depois, 'portal_argon2_aguardando')).toBe(0);
  });

  it('the sessions alive are read from the database, members and staff apart', async () => {
    const de = (x: string, tipo: string) => valor(x, `portal_sessoes_ativas{tipo="${tipo}"}`);
    t.clock.advance(CACHE_SEGUNDOS * 1000); // a fresh read
    const antes = await raspagem();
    await t.membro(CPF.carlos);
    await equipeLogada(t, 'atendente', 'metricas-sessoes');
    t.clock.advance(CACHE_SEGUNDOS * 1000);
    const depois = await raspagem();
    expect([de(depois, 'membro'), de(depois, 'equipe')]).toEqual([de(antes, 'membro')! + 1, de(antes, 'equipe')! + 1]);
  });

  it('webhook attempts are counted by outcome: delivered, retried, dead letter, endpoint gone (410), destination refused', async () => {
    const RESULTADOS = ['entregue', 'falhou_nova_tentativa', 'descartada', 'desativado', 'recusado'];
    const contagens = (x: string) =>
      RESULTADOS.map((r) => valor(x, `portal_webhooks_entregas_total{resultado="${r}"}`) ?? NaN);
    const antes = contagens(await raspagem());
    const r = await receptor();
    const w = t.app.services.webhooks;
    const criar = (url: string) => w.criarEndpoint({ url, eventos: ['protocolo.criado'] });
    const eps = [
      await criar(r.url('/depois-de-um-erro', 500)), // retried, then delivered
      await criar(r.url('/sempre-erro', 500, 500)), // retried, then a dead letter
      await criar(r.url('/gone', 410)),
      await criar(r.url('/recusado')),
    ];
    try {
      // Registered at an allowed address, now pointing at the cloud's metadata: refused when delivered.
      await t.db.query(`update webhook_endpoints set url = 'http://169.254.169.254/w' where id = $1`, [eps[3]!.id]);
      await pedidoDeDependenteDaMaria(t);
      const esperado = [1, 2, 1, 1, 1].map((n, i) => antes[i]! + n);
      const depois = await esperar(
        async () => contagens(await raspagem()),
        (c) => c.every((n, i) => n >= esperado[i]!),
      );
      expect(depois).toEqual(esperado);
    } finally {
      // The 410 one is off already.
      for (const e of eps) await w.desativar(e.id).catch(() => undefined);
      await r.fechar();
    }
  });

  it("imported rows are counted by entity and result, and the last import's pace is reported", async () => {
    const linhas = (x: string) =>
      valor(x, 'portal_importacao_linhas_total{entidade="produtos",resultado="aplicado"}') ?? 0;
    const antes = linhas(await raspagem());
    await enviarProdutos(t);
    const depois = await esperar(raspagem, (x) => linhas(x) > antes);
    expect(linhas(depois)).toBe(antes + 2);
    expect(valor(depois, 'portal_importacao_linhas_por_segundo{entidade="produtos"}')).toBeGreaterThan(0);
  });

  it('staff reads and actions are counted by role and audit event, never by who or on whom', async () => {
    const de = (x: string, acao: string) =>
      valor(x, `portal_equipe_acoes_total{papel="supervisor",acao="${acao}"}`) ?? 0;
    const ACOES = ['equipe_leu_protocolo', 'equipe_escreveu_nota', 'equipe_assumiu_protocolo'];
    const numero = await pedidoDeDependenteDaMaria(t);
    const { c } = await equipeLogada(t, 'supervisor', 'metricas-acoes');
    const antes = await raspagem();
    const protocolo = `/api/atendimento/protocolos/${numero}`;
    expect((await c.get(protocolo, EQUIPE)).status).toBe(200);
    expect((await c.post(`${protocolo}/notas`, { texto: 'Ligar amanhã.' }, EQUIPE)).status).toBe(201);
    expect((await c.post(`${protocolo}/responsavel`, { acao: 'assumir' }, EQUIPE)).status).toBe(200);
    const depois = await raspagem();
    expect(ACOES.map((a) => de(depois, a))).toEqual(ACOES.map((a) => de(antes, a) + 1));
    expect(depois).not.toContain(numero);
  });

  it('the database connections are reported (PGlite: one; PostgreSQL: the pool)', async () => {
    const texto = await (await raspar(t)).text();
    expect(valor(texto, 'portal_banco_conexoes_maximo')).toBe(process.env.TEST_PG_URL ? 5 : 1);
    expect(valor(texto, 'portal_banco_conexoes_aguardando')).toBe(0);
    expect(texto).toContain('portal_banco_conexoes_em_uso ');
  });

  it("the open protocols by type and deadline band match the database's (today 2026-03-10, a Tuesday)", async () => {
    t.clock.advance(CACHE_SEGUNDOS * 1000); // a fresh read
    const texto = await (await raspar(t)).text();
    const linhas = await t.db.query<{ tipo: string; prazo: string }>(
      `select tipo, prazo_resposta::text as prazo from protocolos where situacao in ('ABERTO', 'EM_ANALISE')`,
    );
    // Hand-made bands: 2 business days after Tuesday 2026-03-10 is Thursday 2026-03-12.
    const hoje = new Date(HOJE).toISOString().slice(0, 10);
    expect(hoje).toBe('2026-03-10');
    const esperado = new Map<string, number>();
    for (const { tipo, prazo } of linhas) {
      const faixa =
        prazo < hoje
          ? 'atrasado'
          : prazo === hoje
            ? 'vence_hoje'
            : prazo <= '2026-03-12'
              ? 'ate_2_dias_uteis'
              : 'mais_tarde';
      const k = `${tipo}|${faixa}`;
      esperado.set(k, (esperado.get(k) ?? 0) + 1);
    }
    expect(esperado.size).toBeGreaterThan(1);
    for (const [k, n] of esperado) {
      const [tipo, faixa] = k.split('|');
      expect(valor(texto, `portal_protocolos_abertos{tipo="${tipo}",faixa="${faixa}"}`), k).toBe(n);
    }
    const total = texto
      .split('\n')
      .filter((l) => l.startsWith('portal_protocolos_abertos{'))
      .reduce((s, l) => s + Number(l.split(' ').pop()), 0);
    expect(total).toBe(linhas.length);
  });

  it('reimbursements and the webhook queue are reported', async () => {
    const texto = await (await raspar(t)).text();
    const [abertos] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from reembolsos where situacao in ('recebido', 'em_analise', 'pendente', 'aprovado')`,
    );
    const faixas = ['atrasado', 'vence_hoje', 'ate_2_dias_uteis', 'mais_tarde', 'sem_prazo'];
    const soma = faixas.reduce((s, f) => s + (valor(texto, `portal_reembolsos_abertos{faixa="${f}"}`) ?? NaN), 0);
    expect(soma).toBe(abertos!.n);
    expect(valor(texto, 'portal_webhooks_entregas_pendentes')).toBeTypeOf('number');
    expect(valor(texto, 'portal_webhooks_entregas_falhas')).toBeTypeOf('number');
    expect(valor(texto, 'portal_webhooks_pendente_mais_antiga_segundos')).toBeTypeOf('number');
  });

  it('reimbursements past day 25 of their 30 (due by 2026-03-15, or overdue) match the database', async () => {
    t.clock.advance(CACHE_SEGUNDOS * 1000); // a fresh read
    const texto = await (await raspar(t)).text();
    const [r] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from reembolsos
        where situacao in ('recebido', 'em_analise', 'pendente', 'aprovado') and prazo_pagamento <= date '2026-03-15'`,
    );
    expect(valor(texto, 'portal_reembolsos_apos_dia_25')).toBe(r!.n);
  });

  it("each entity's last import: a failure after a success, a crashed run, never a dry run", async () => {
    const linha = (entidade: string, status: string, minutos: number, dryRun = false, heartbeat = minutos) =>
      t.db.query(
        `insert into importacoes (id, entidade, modo, dry_run, origem, status, iniciada_em, atualizada_em)
         values ($1, $2, 'incremental', $3, 'cli', $4, now() - make_interval(mins => $5), now() - make_interval(mins => $6))`,
        [`metricas-${entidade}-${minutos}`, entidade, dryRun, status, minutos, heartbeat],
      );
    await linha('teste_a', 'aplicado', 30);
    await linha('teste_a', 'falhou', 20);
    await linha('teste_b', 'falhou', 30);
    await linha('teste_b', 'aplicado', 20);
    await linha('teste_b', 'recusado', 10, true);
    await linha('teste_c', 'aplicado', 30);
    await linha('teste_c', 'em_andamento', 20, false, 5); // its heartbeat stopped 5 minutes ago
    await linha('teste_d', 'em_andamento', 1, false, 0);
    t.clock.advance(CACHE_SEGUNDOS * 1000);
    const texto = await (await raspar(t)).text();
    const ultimo = (entidade: string) =>
      ['aplicado', 'recusado', 'falhou'].find(
        (r) => valor(texto, `portal_importacao_ultimo_resultado{entidade="${entidade}",resultado="${r}"}`) === 1,
      );
    expect({
      a: ultimo('teste_a'),
      b: ultimo('teste_b'),
      c: ultimo('teste_c'),
      d: ultimo('teste_d'),
      emAndamento: valor(texto, 'portal_importacoes_em_andamento'),
    }).toEqual({ a: 'falhou', b: 'aplicado', c: 'falhou', d: undefined, emAndamento: 1 });
  });

  it('the database is reported reachable (Redis only with REDIS_URL)', async () => {
    const texto = await (await raspar(t)).text();
    expect(valor(texto, 'portal_banco_disponivel')).toBe(1);
    expect(texto).not.toContain('portal_redis_disponivel');
  });

  it('the query-based values are read once per interval, however many scrapes', async () => {
    const espia = vi.spyOn(FilaDeProtocolosRepository.prototype, 'abertosPorPrazo');
    try {
      t.clock.advance(CACHE_SEGUNDOS * 1000);
      await raspar(t);
      await raspar(t);
      t.clock.advance(CACHE_SEGUNDOS * 1000 - 1);
      await raspar(t);
      expect(espia).toHaveBeenCalledTimes(1);
      t.clock.advance(1);
      await raspar(t);
      expect(espia).toHaveBeenCalledTimes(2);
    } finally {
      espia.mockRestore();
    }
  });
});

describe('METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  const porta = () => (t.app.servidorDeMetricas!.address() as { port: number }).port;

  it('its own listener answers /metrics without a token when none is configured', async () => {
    const r = await fetch(`http://127.0.0.1:${porta()}/metrics`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('portal_http_requisicoes_segundos');
  });

  it('its own listener answers nothing else', async () => {
    expect((await fetch(`http://127.0.0.1:${porta()}/healthz`)).status).toBe(404);
  });

  it('the main port still answers 404 at /metrics (no token configured)', async () => {
    expect((await raspar(t)).status).toBe(404);
  });
});
