// Question: what do the sign-in calls cost compared with the cheapest route of the same server?
// Baseline: GET /healthz on the same process. Reports requests/s and the ratio for VerificarCPF
// (DB lookup + masking) and PerfisDaConta (argon2id verify, by design the expensive one).
import { startPortal, throughput } from './lib.mjs';

const portal = await startPortal({
  // Throttling is measured by the API tests; here it would only measure the 429 path.
  THROTTLE_CPF_CHECKS_PER_MINUTE: '1000000',
  THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP: '1000000',
});
try {
  const token = await (
    await fetch(`${portal.baseUrl}/api/Token/GerarToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
    })
  ).json();
  const post = (path, body) =>
    fetch(`${portal.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (r) => r.ok && (await r.text()).length > 2);

  const health = await throughput(() =>
    fetch(`${portal.baseUrl}/healthz`).then((r) => r.arrayBuffer().then(() => r.ok)),
  );
  const verificar = await throughput(() => post('/api/Login/VerificarCPF', { cpf: '52998224725' }));
  // One worker per account: the API checks one password at a time per CPF (decision 0005).
  const contas = [52998224725, 11144477735, 93541134780];
  const perfis = await throughput((w) => post('/api/Login/PerfisDaConta', { cpf: contas[w], senha: 'senha123' }), {
    concurrency: contas.length,
  });
  const show = (name, r, digits = 2) =>
    console.log(
      `${name}: ${r.rate.toFixed(0)} req/s = ${(r.rate / health.rate).toFixed(digits)}× baseline${r.failed ? ` (${r.failed} answers did not count)` : ''}`,
    );
  console.log(`baseline GET /healthz: ${health.rate.toFixed(0)} req/s`);
  show('VerificarCPF', verificar);
  show('PerfisDaConta (argon2id verify, 3 accounts in parallel)', perfis, 3);
} finally {
  await portal.stop();
}
