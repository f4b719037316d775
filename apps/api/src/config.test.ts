import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Production refuses to start without the sealing key (issue 30): every production config below has one. */
const CHAVE = randomBytes(32);
const PRODUCAO = { NODE_ENV: 'production', CHAVE_DE_SELAGEM: CHAVE.toString('base64') };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      production: false,
      dataDir: './.data',
      seed: 'demo',
      apiClientUser: 'portal-web',
      apiClientSecret: 'portal-web-demo',
      tokenTtlSeconds: 900,
      cookieSecure: false,
      trustProxy: false,
      bodyLimit: 65536,
      outboxEnabled: true,
      session: { idleSeconds: 1800, maxSeconds: 43200, cacheSeconds: 5, touchSeconds: 60 },
      retention: { auditDays: 1826, outboxDays: 30, pruneIntervalSeconds: 3600 },
      seedProviders: 0,
      guiaCacheSeconds: 300,
      timeouts: {
        dbConnect: 3000,
        dbStatement: 5000,
        dbLock: 3000,
        dbIdleInTransaction: 10_000,
        dbQuery: 8000,
        redisConnect: 2000,
        redisCommand: 2000,
        request: 10_000,
      },
      throttle: {
        loginFree: 5,
        loginBackoffSeconds: [30, 60, 120, 240, 480],
        loginLockAt: 10,
        loginLockSeconds: 900,
        loginIpPerHour: 50,
        cpfCheckIpPerMinute: 60,
        codeResendSeconds: 120,
        codeCpfPerHour: 5,
        codeIpPerHour: 30,
        codeCheckIpPer10Min: 30,
        cardCheckIpPerMinute: 30,
      },
    });
    expect(c.webDist).toMatch(/apps\/web\/dist\/$/);
    expect(c.operadoraDir).toMatch(/operadora\/demo\/$/);
  });

  it('production never loads the demo people unless SEED=demo is set explicitly', () => {
    expect(loadConfig(PRODUCAO).seed).toBe('none');
    expect(loadConfig({ ...PRODUCAO, SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development', SEED: 'none' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'test' }).seed).toBe('demo');
  });

  it('RELOGIO_INICIO moves the clock only under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', RELOGIO_INICIO: '2027-02-01T12:00:00-03:00' }).relogioInicio).toBe(
      Date.parse('2027-02-01T15:00:00Z'),
    );
    expect(loadConfig({ NODE_ENV: 'test' }).relogioInicio).toBeUndefined();
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, RELOGIO_INICIO: '2027-02-01T12:00:00-03:00' })).toThrow(
        /RELOGIO_INICIO: only with NODE_ENV=test/,
      );
    expect(() => loadConfig({ NODE_ENV: 'test', RELOGIO_INICIO: 'amanhã' })).toThrow(/RELOGIO_INICIO/);
  });

  it('production: Secure cookies, no outbox; COOKIE_SECURE overrides', () => {
    expect(loadConfig(PRODUCAO)).toMatchObject({
      cookieSecure: true,
      outboxEnabled: false,
      production: true,
    });
    expect(loadConfig({ ...PRODUCAO, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('empty values mean unset; TRUST_PROXY takes booleans, hop counts and lists', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('a bad value stops with the name of the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ SEED: 'all' })).toThrow(/SEED/);
    expect(() => loadConfig({ THROTTLE_WRONG_PASSWORDS_BACKOFF: '30,x' })).toThrow(/THROTTLE_WRONG_PASSWORDS_BACKOFF/);
    expect(() => loadConfig({ COOKIE_SECURE: 'yes' })).toThrow(/COOKIE_SECURE/);
    // 0 would mean "wait forever" to PostgreSQL and node-postgres: every wait stays bounded.
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '0' })).toThrow(/DATABASE_LOCK_TIMEOUT_MS/);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: 'x' })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  });

  it('reimbursements: four eyes above R$ 1.000,00 and runs on the 5th, 15th and 25th by default', () => {
    expect(loadConfig({}).reembolso).toMatchObject({ quatroOlhosAcimaCentavos: 100_000, diasDePagamento: [5, 15, 25] });
  });

  it('reimbursements: a threshold in reais with a decimal point, the days in any order', () => {
    const c = loadConfig({ REEMBOLSO_QUATRO_OLHOS_ACIMA: '1500.50', REEMBOLSO_DIAS_DE_PAGAMENTO: '20, 5,20' });
    expect(c.reembolso).toMatchObject({ quatroOlhosAcimaCentavos: 150_050, diasDePagamento: [5, 20] });
    expect(loadConfig({ REEMBOLSO_QUATRO_OLHOS_ACIMA: '0' }).reembolso.quatroOlhosAcimaCentavos).toBe(0);
  });

  it('reimbursements: a threshold written the Brazilian way, or days outside 1–31, stop the start', () => {
    expect(() => loadConfig({ REEMBOLSO_QUATRO_OLHOS_ACIMA: '1.000,00' })).toThrow(
      /^Invalid environment variable REEMBOLSO_QUATRO_OLHOS_ACIMA/,
    );
    expect(() => loadConfig({ REEMBOLSO_QUATRO_OLHOS_ACIMA: '-1' })).toThrow(/REEMBOLSO_QUATRO_OLHOS_ACIMA/);
    expect(() => loadConfig({ REEMBOLSO_DIAS_DE_PAGAMENTO: '0,15' })).toThrow(/REEMBOLSO_DIAS_DE_PAGAMENTO/);
    expect(() => loadConfig({ REEMBOLSO_DIAS_DE_PAGAMENTO: '32' })).toThrow(/REEMBOLSO_DIAS_DE_PAGAMENTO/);
    expect(() => loadConfig({ REEMBOLSO_DIAS_DE_PAGAMENTO: 'dia 5' })).toThrow(/REEMBOLSO_DIAS_DE_PAGAMENTO/);
  });

  it('metrics: off unless METRICS_TOKEN or METRICS_PORT; a short token or the main port refused', () => {
    expect(loadConfig({}).metricas).toEqual({
      ativas: false,
      token: undefined,
      porta: undefined,
      host: '127.0.0.1',
      cacheSegundos: 15,
    });
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).metricas.ativas).toBe(true);
    expect(loadConfig({ METRICS_PORT: '9464' }).metricas).toMatchObject({ ativas: true, porta: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'curto' })).toThrow(/^Invalid environment variable METRICS_TOKEN/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: deve ser diferente/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_CACHE_SECONDS: '0' })).toThrow(/METRICS_CACHE_SECONDS/);
  });

  it('WEBHOOKS_REDES_PERMITIDAS: none by default in production, the loopback elsewhere; a list is normalized', () => {
    expect(loadConfig(PRODUCAO).webhooks.redesPermitidas).toEqual([]);
    for (const NODE_ENV of ['development', 'test'])
      expect(loadConfig({ NODE_ENV }).webhooks.redesPermitidas).toEqual(['127.0.0.0/8', '::1/128']);
    expect(
      loadConfig({ ...PRODUCAO, WEBHOOKS_REDES_PERMITIDAS: ' 10.20.0.0/16 , FD00::/8,10.30.0.5,' }).webhooks
        .redesPermitidas,
    ).toEqual(['10.20.0.0/16', 'fd00::/8', '10.30.0.5/32']);
  });

  it.each([
    '10.20.0.0/33',
    'fd00::/129',
    '0177.0.0.1/8',
    '10.20/16',
    'intranet',
    '10.0.0.0/8/8',
    '10.0.0.0/x',
    'fe80::1%eth0/64',
  ])('WEBHOOKS_REDES_PERMITIDAS=%s stops the start naming the variable and the bad network', (rede) => {
    expect(() => loadConfig({ WEBHOOKS_REDES_PERMITIDAS: `192.168.0.0/16,${rede}` })).toThrow(
      `Invalid environment variable WEBHOOKS_REDES_PERMITIDAS: '${rede}' não é uma rede em notação CIDR (ex.: 10.20.0.0/16,fd00::/8)`,
    );
  });
});

// Issue 30, defect 6: the key that seals the staff's TOTP secrets and the webhook secrets comes from the
// environment or a file, never the database; production does not start without it.
describe('CHAVE_DE_SELAGEM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'selagem-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('production without the sealing key refuses to start, saying what to set and how to make one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid environment variable CHAVE_DE_SELAGEM: obrigatória com NODE_ENV=production.*openssl rand -base64 32.*CHAVE_DE_SELAGEM_ARQUIVO/,
    );
    // Empty is unset (a compose file's `CHAVE_DE_SELAGEM=`).
    expect(() => loadConfig({ NODE_ENV: 'production', CHAVE_DE_SELAGEM: '' })).toThrow(/CHAVE_DE_SELAGEM: obrigatória/);
  });

  it('production with the key from the environment: its 32 bytes', () => {
    expect(loadConfig(PRODUCAO).selagem).toEqual({ chave: CHAVE, anterior: null });
    // base64url is read the same.
    expect(loadConfig({ NODE_ENV: 'production', CHAVE_DE_SELAGEM: CHAVE.toString('base64url') }).selagem.chave).toEqual(
      CHAVE,
    );
  });

  it('production with the key from a file (a Docker or Kubernetes secret), a trailing newline allowed', () => {
    const arquivo = join(dir, 'chave');
    writeFileSync(arquivo, `${CHAVE.toString('base64')}\n`);
    expect(loadConfig({ NODE_ENV: 'production', CHAVE_DE_SELAGEM_ARQUIVO: arquivo }).selagem.chave).toEqual(CHAVE);
  });

  it('a file that cannot be read stops the start naming the variable and the path', () => {
    const ausente = join(dir, 'nao-existe');
    expect(() => loadConfig({ NODE_ENV: 'production', CHAVE_DE_SELAGEM_ARQUIVO: ausente })).toThrow(
      `Invalid environment variable CHAVE_DE_SELAGEM_ARQUIVO: não foi possível ler ${ausente} (ENOENT)`,
    );
    if (process.getuid?.() === 0) return; // root reads a file of mode 000
    const fechado = join(dir, 'fechado');
    writeFileSync(fechado, CHAVE.toString('base64'));
    chmodSync(fechado, 0o000);
    expect(() => loadConfig({ NODE_ENV: 'production', CHAVE_DE_SELAGEM_ARQUIVO: fechado })).toThrow(/EACCES/);
  });

  it('a key that is not 32 bytes of base64 is refused, whatever NODE_ENV', () => {
    for (const valor of [
      'curta',
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      'x'.repeat(44),
    ])
      for (const NODE_ENV of ['production', 'development'])
        expect(() => loadConfig({ NODE_ENV, CHAVE_DE_SELAGEM: valor }), valor).toThrow(
          /^Invalid environment variable CHAVE_DE_SELAGEM: a chave deve ser 32 bytes aleatórios em base64/,
        );
  });

  it('the variable and its file together are refused (which one would win?)', () => {
    const arquivo = join(dir, 'outra');
    writeFileSync(arquivo, randomBytes(32).toString('base64'));
    expect(() => loadConfig({ ...PRODUCAO, CHAVE_DE_SELAGEM_ARQUIVO: arquivo })).toThrow(
      'Invalid environment variable CHAVE_DE_SELAGEM: defina CHAVE_DE_SELAGEM ou CHAVE_DE_SELAGEM_ARQUIVO, não as duas',
    );
  });

  it('the previous key (a rotation) only beside a new, different one', () => {
    const anterior = randomBytes(32);
    expect(loadConfig({ ...PRODUCAO, CHAVE_DE_SELAGEM_ANTERIOR: anterior.toString('base64') }).selagem).toEqual({
      chave: CHAVE,
      anterior,
    });
    expect(() => loadConfig({ CHAVE_DE_SELAGEM_ANTERIOR: anterior.toString('base64') })).toThrow(
      /CHAVE_DE_SELAGEM_ANTERIOR: só durante uma troca de chave/,
    );
    expect(() => loadConfig({ ...PRODUCAO, CHAVE_DE_SELAGEM_ANTERIOR: CHAVE.toString('base64') })).toThrow(
      /CHAVE_DE_SELAGEM_ANTERIOR: é igual à CHAVE_DE_SELAGEM/,
    );
  });

  it('outside production the key may be unset (npm start with no configuration)', () => {
    for (const NODE_ENV of ['development', 'test', undefined])
      expect(loadConfig(NODE_ENV ? { NODE_ENV } : {}).selagem).toEqual({ chave: null, anterior: null });
  });
});
