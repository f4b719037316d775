// Credential stuffing (issue 9): what gets through when an attacker tries (a) many CPFs from one
// IP and (b) one CPF from many IPs through X-Forwarded-For — honoured only when TRUST_PROXY says
// so. Counts the password checks the server actually ran (an answer of 200 to PerfisDaConta)
// against the ones refused by throttling (429). `npm run test:credenciais`; exits non-zero when
// more gets through than the configured limits allow (0002 defaults).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

function cpf(base9) {
  const dv = (d, w) => {
    const r = ([...d].reduce((s, c, i) => s + Number(c) * (w - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base9, 10);
  return `${base9}${d1}${dv(base9 + d1, 11)}`;
}

// --liftoff-only: PGlite's WebAssembly compiled by V8's baseline compiler alone, as in the journeys
// (e2e/support/server.ts): a short-lived server's optimizing compiles do not pay back.
async function portal(env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-stuffing-'));
  const child = spawn(process.execPath, ['--liftoff-only', join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED: 'demo',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}\n${out}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function attempt(base, token, body, ip) {
  const r = await fetch(`${base}/api/Login/PerfisDaConta`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  await r.arrayBuffer();
  return r.status;
}

let failures = 0;
const report = (label, tally, limit) => {
  const ok = tally.checked <= limit;
  if (!ok) failures++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${label}: ${tally.sent} tries, ${tally.checked} passwords checked, ${tally.refused} refused (limit ${limit})`,
  );
};

for (const trustProxy of ['false', 'true']) {
  const p = await portal({ TRUST_PROXY: trustProxy });
  try {
    const token = await (
      await fetch(`${p.url}/api/Token/GerarToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
      })
    ).json();
    console.log(`\nTRUST_PROXY=${trustProxy}`);
    // (a) 300 different CPFs, one wrong password each, from one address.
    const a = { sent: 0, checked: 0, refused: 0 };
    for (let i = 0; i < 300; i++) {
      const s = await attempt(p.url, token, { cpf: cpf(String(600000000 + i)), senha: 'senha123' }, '203.0.113.7');
      a.sent++;
      if (s === 200) a.checked++;
      else if (s === 429) a.refused++;
    }
    report('many CPFs from one IP', a, 50); // THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP
    // (b) one CPF, 300 tries, each from another address in X-Forwarded-For.
    const b = { sent: 0, checked: 0, refused: 0 };
    for (let i = 0; i < 300; i++) {
      const s = await attempt(
        p.url,
        token,
        { cpf: '52998224725', senha: `tentativa${i}` },
        `198.51.${i >> 8}.${i & 255}`,
      );
      b.sent++;
      if (s === 200) b.checked++;
      else if (s === 429) b.refused++;
    }
    // 5 free tries, then one per backoff window (none of which passes in this burst): 5 in all;
    // without TRUST_PROXY the addresses are ignored and the per-IP budget left over applies too.
    report('one CPF from 300 forged IPs', b, 5);
  } finally {
    await p.stop();
  }
}
process.exit(failures ? 1 : 0);
