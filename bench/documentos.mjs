// Question: how fast are the finance documents? Documents per second and p50/p95 for the boleto,
// a 12-month IRPF informe and a 10-page co-participation statement, each next to an empty PDF of
// the same library (pdfkit, one blank page) made in the same process. Targets (issue 6): boleto
// p95 ≤ 50 ms, 10-page statement p95 ≤ 150 ms. Decision 0010. One document at a time, in-process:
// the cost of making the PDF, without HTTP or the database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib.mjs';

const N = Number(process.env.BENCH_DOCS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);

const m = (p) => tsImport(join(root, p), import.meta.url);
const { gerarBoleto } = await m('apps/api/src/modules/financeiro/pdf/boleto.ts');
const { gerarInformeIrpf } = await m('apps/api/src/modules/financeiro/pdf/informe-irpf.ts');
const { gerarExtratoCoParticipacao } = await m('apps/api/src/modules/financeiro/pdf/extrato-coparticipacao.ts');
const { pixCopiaECola, campoLivreItau } = await m('packages/br/src/index.ts');
const { default: PDFDocument } = await import('pdfkit');
const { lerPdf } = await m('test/pdf-text.ts');

const operadora = JSON.parse(readFileSync(join(root, 'operadora/demo/operadora.json'), 'utf8'));
const emitidoEm = new Date('2026-03-10T12:00:00Z');
const destinatario = {
  nome: 'Maria Aparecida Souza',
  cpf: '52998224725',
  codigoContrato: '100234',
  plano: 'Saúde Exemplo Essencial Apartamento',
  registroAnsPlano: '484521201',
  inicioVigencia: '2019-03-01',
};

function vazio() {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const boleto = () =>
  gerarBoleto({
    operadora,
    emitidoEm,
    pagador: destinatario,
    codigoContrato: '100234',
    codigoMensalidade: '100234202603',
    competencia: '03/2026',
    vencimento: '2026-03-10',
    valorCentavos: 136_759,
    banco: '341',
    campoLivre: campoLivreItau({ carteira: '109', nossoNumero: '02342603', agencia: '1572', conta: '40318' }),
    itens: [
      { descricao: 'Mensalidade - Maria Aparecida Souza', valorCentavos: 60_879 },
      { descricao: 'Mensalidade - João Pedro Souza', valorCentavos: 28_990 },
      { descricao: 'Mensalidade - Ana Clara Souza', valorCentavos: 28_990 },
      { descricao: 'Coparticipação - Maria Aparecida Souza', valorCentavos: 17_900 },
    ],
    pixCopiaECola: pixCopiaECola({
      chave: operadora.cnpj,
      nomeRecebedor: 'SAUDE EXEMPLO',
      cidade: 'SAO PAULO',
      valorCentavos: 136_759,
      txid: 'MENS100234202603',
    }),
  });

const informe = () =>
  gerarInformeIrpf({
    operadora,
    emitidoEm,
    ano: 2025,
    responsavel: destinatario,
    codigoContrato: '100234',
    plano: destinatario.plano,
    beneficiarios: [
      ['Maria Aparecida Souza', '52998224725', 'Titular', 716_636, 11_700],
      ['João Pedro Souza', '38471625008', 'Dependente - filho(a)', 341_256, 15_650],
      ['Ana Clara Souza', '38471625199', 'Dependente - filho(a)', 341_256, 13_150],
    ].map(([nome, cpf, relacao, m, c]) => ({
      nome,
      cpf,
      dataNascimento: null,
      relacao,
      mensalidadesCentavos: m,
      coparticipacaoCentavos: c,
    })),
    pagamentos: Array.from({ length: 12 }, (_, i) => ({
      pagoEm: `2025-${String(i + 1).padStart(2, '0')}-08`,
      competencia: `${String(i + 1).padStart(2, '0')}/2025`,
      valorCentavos: 118_859 + i * 1_000,
    })),
  });

// Enough lines for 10 pages.
const itensExtrato = Array.from({ length: 255 }, (_, i) => ({
  data: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
  beneficiario: ['Maria Aparecida Souza', 'João Pedro Souza', 'Ana Clara Souza'][i % 3],
  descricao: ['Sessão de fisioterapia', 'Consulta eletiva - Clínica Médica', 'Hemograma com contagem de plaquetas'][
    i % 3
  ],
  prestador: ['Centro de Fisioterapia Movimento', 'Clínica Coração Paulista', 'Laboratório Vida Diagnósticos'][i % 3],
  valorCentavos: [3_000, 2_100, 900][i % 3],
}));
const extrato = () =>
  gerarExtratoCoParticipacao({ operadora, emitidoEm, destinatario, competencia: '03/2026', itens: itensExtrato });

async function medir(gerar) {
  for (let i = 0; i < WARMUP; i++) await gerar();
  const tempos = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await gerar();
    tempos.push(performance.now() - t);
  }
  const total = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  tempos.sort((a, b) => a - b);
  const q = (p) => tempos[Math.min(tempos.length - 1, Math.floor(p * tempos.length))];
  return { porSegundo: (N / total) * 1000, p50: q(0.5), p95: q(0.95), cpu: (cpu.user + cpu.system) / 1000 / N };
}

// What each document is, read back (pages and size), so the figures are for the real thing.
const paginas = async (gerar) => {
  const pdf = await gerar();
  return { paginas: (await lerPdf(new Uint8Array(pdf))).paginas.length, kb: pdf.length / 1024 };
};

const casos = [
  ['PDF vazio (pdfkit, 1 página)', vazio, null],
  ['boleto', boleto, 50],
  ['informe IRPF de 12 meses', informe, null],
  ['extrato de coparticipação de 10 páginas', extrato, 150],
];
// The machine may be shared: the load average says how much the wall-clock figures are inflated.
const { loadavg, cpus } = await import('node:os');
console.log(
  `documentos: ${N} de cada, um por vez, após ${WARMUP} de aquecimento (Node ${process.version}; ` +
    `carga ${loadavg()[0].toFixed(1)} em ${cpus().length} núcleos)`,
);
let base;
let falhou = false;
for (const [nome, gerar, alvo] of casos) {
  const forma = await paginas(gerar);
  const r = await medir(gerar);
  base ??= r;
  const meta = alvo === null ? '' : ` — alvo p95 ≤ ${alvo} ms: ${r.p95 <= alvo ? 'ok' : 'ACIMA'}`;
  if (alvo !== null && r.p95 > alvo) falhou = true;
  console.log(
    `${nome.padEnd(42)} ${forma.paginas} pág., ${forma.kb.toFixed(0)} KB | ${r.porSegundo.toFixed(0)} doc/s, ` +
      `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, CPU ${r.cpu.toFixed(1)} ms/doc | ` +
      `${(base.porSegundo / r.porSegundo).toFixed(1)}× o tempo do vazio${meta}`,
  );
}
if (falhou) process.exitCode = 1;
