// The machine's speed, printed beside CI's timings so that a slow run can be told from a slower suite.
// Two fixed pieces of work, the best of three each; the same work on any machine, only the time differs:
// - cpu: single-threaded hashing, JSON and a sort — what the suites spend their user time on;
// - memória: 256 MB of fresh memory touched once, a page at a time — what starting a PGlite database, a
//   Chromium or a Node worker costs first. On some virtual machines of the project's kind a first touch
//   costs ~100 µs a page (8 s here, where 0.3 s is usual), which slows every suite 2–3×: see .ci/README.md.
//   node scripts/velocidade.mjs   → "velocidade: cpu 412 ms, memória 324 ms (melhor de 3)"
import { createHash } from 'node:crypto';

function cpu() {
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

function memoria() {
  let soma = 0;
  for (let i = 0; i < 8; i++) {
    const b = Buffer.alloc(32 * 1024 * 1024);
    for (let j = 0; j < b.length; j += 4096) b[j] = 1;
    soma += b[0];
  }
  return soma;
}

function melhorDeTres(trabalho) {
  const tempos = [];
  for (let i = 0; i < 3; i++) {
    const t = process.hrtime.bigint();
    trabalho();
    tempos.push(Number((process.hrtime.bigint() - t) / 1_000_000n));
  }
  return Math.min(...tempos);
}

console.log(`velocidade: cpu ${melhorDeTres(cpu)} ms, memória ${melhorDeTres(memoria)} ms (melhor de 3)`);
