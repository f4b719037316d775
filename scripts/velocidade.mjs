// The machine's speed, printed beside CI's timings so that a slow run can be told from a slower suite:
// the time of one fixed, single-threaded, CPU-bound piece of work (hashing, JSON and a sort — what the
// suites spend their time on), the best of three. The same work on any machine; only the time differs.
//   node scripts/velocidade.mjs        → "velocidade: 412 ms (melhor de 3: 412, 430, 455)"
import { createHash } from 'node:crypto';

function trabalho() {
  let h = Buffer.alloc(32);
  for (let i = 0; i < 60_000; i++) h = createHash('sha256').update(h).digest();
  const linhas = Array.from({ length: 20_000 }, (_, i) => ({
    id: i,
    nome: `Pessoa ${(i * 7919) % 20_000}`,
    h: h[i % 32],
  }));
  const volta = JSON.parse(JSON.stringify(linhas));
  volta.sort((a, b) => a.nome.localeCompare(b.nome));
  return volta.length;
}

const tempos = [];
for (let i = 0; i < 3; i++) {
  const t = process.hrtime.bigint();
  trabalho();
  tempos.push(Number((process.hrtime.bigint() - t) / 1_000_000n));
}
console.log(`velocidade: ${Math.min(...tempos)} ms (melhor de 3: ${tempos.join(', ')})`);
