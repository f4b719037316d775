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
    }).then((r) => r.arrayBuffer());

  const health = await throughput(() => fetch(`${portal.baseUrl}/healthz`).then((r) => r.arrayBuffer()));
  const verificar = await throughput(() => post('/api/Login/VerificarCPF', { cpf: '52998224725' }));
  const perfis = await throughput(() => post('/api/Login/PerfisDaConta', { cpf: 11144477735, senha: 'senha123' }), {
    concurrency: 4,
  });
  console.log(`baseline GET /healthz: ${health.toFixed(0)} req/s`);
  console.log(`VerificarCPF: ${verificar.toFixed(0)} req/s = ${(verificar / health).toFixed(2)}× baseline`);
  console.log(
    `PerfisDaConta (argon2id verify): ${perfis.toFixed(0)} req/s = ${(perfis / health).toFixed(3)}× baseline`,
  );
} finally {
  await portal.stop();
}
