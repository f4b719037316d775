import { cpfFromBase, ehDiaUtil, somarDias } from '@portal/br';

/**
 * The demo operator (operadora/demo/): the people of shared/demo-data.md and the facts the seed lays
 * out, shared by the seed, the API tests, the e2e journeys and the benchmarks: one place to change a
 * CPF. Pure data (no database, no API code), so e2e and bench read it without reaching into the API.
 */
export const DEMO_PASSWORD = 'senha123';

export const DEMO_CPF = {
  maria: '52998224725',
  carlos: '11144477735',
  roberto: '93541134780',
  anaBeatriz: '39053344705',
  fernanda: '24843803480',
  paulo: '45317828791',
  /** Valid check digits, nobody in the base ('CPF não encontrado'). */
  ninguem: '12345678909',
  joaoPedro: cpfFromBase('384716250'),
  anaClara: cpfFromBase('384716251'),
  marcos: cpfFromBase('384716252'),
} as const;

/**
 * Names and contacts on file (mobile as digits) of those people; the seed writes these, the
 * journeys type them and read their codes from the outbox. No key: nothing of that kind on file.
 */
export const DEMO_PESSOA = {
  maria: { nome: 'Maria Aparecida Souza', email: 'maria.souza@exemplo.com.br', celular: '11987654321' },
  carlos: { nome: 'Carlos Eduardo Lima', email: 'carlos.lima@exemplo.com.br', celular: '11976543210' },
  roberto: { nome: 'Roberto Alves Pereira', email: 'roberto.pereira@exemplo.com.br', celular: '31991234567' },
  /** E-mail only: 'Celular não disponível'. */
  anaBeatriz: { nome: 'Ana Beatriz Lima', email: 'ana.lima@exemplo.com.br' },
  fernanda: { nome: 'Fernanda Costa Ribeiro', email: 'fernanda.ribeiro@exemplo.com.br', celular: '21998765432' },
  paulo: { nome: 'Paulo Henrique Dias', email: 'paulo.dias@exemplo.com.br', celular: '11955554444' },
  /** Outside the table of shared/demo-data.md: active beneficiaries without an account. */
  joaoPedro: { nome: 'João Pedro Souza', email: 'joao.souza@exemplo.com.br', celular: '11981112233' },
  anaClara: { nome: 'Ana Clara Souza' },
  marcos: { nome: 'Marcos Antônio Lima', email: 'marcos.lima@exemplo.com.br', celular: '11991234567' },
} as const satisfies Record<
  Exclude<keyof typeof DEMO_CPF, 'ninguem'>,
  { nome: string; email?: string; celular?: string }
>;

/** Contracts and beneficiary codes the journeys refer to. */
export const DEMO_CONTRATO = {
  maria: '100234',
  mariaCancelado: '087612',
  carlos: '204518',
  roberto: '310077',
} as const;

export const DEMO_BENEFICIARIO = {
  maria: '1100234001',
  joaoPedro: '1100234002',
  anaClara: '1100234003',
  marcos: '1204518001',
  carlos: '1204518002',
  roberto: '1310077001',
} as const;

/** The demo operator's ANS registration (operadora/demo/operadora.json), when the app does not pass its own. */
export const REGISTRO_ANS_DEMO = '417297';

/** When each demo protocol was registered, in business days before the seed day (seed part 0009_protocolos). */
export const DIAS_UTEIS_ATRAS = { respondido: 25, atrasado: 12, emAnalise: 2, doDependente: 6 } as const;

/** `n` business days before `dia` (AAAA-MM-DD). */
export function diasUteisAntes(dia: string, n: number): string {
  let atual = dia;
  for (let contados = 0; contados < n;) {
    atual = somarDias(atual, -1);
    if (ehDiaUtil(atual)) contados++;
  }
  return atual;
}

/**
 * The day the demo's movement files (operadora/demo/dados: installments, co-participation,
 * authorizations, usage) are dated from; the seed moves them by the whole months from this day's
 * month to the month it loads them in (decision 0022, LEIA-ME.md there).
 */
export const ANCORA_DEMO = '2026-03-10';

/** Whole months from the anchor's month to the month of `dia` (AAAA-MM-DD). */
export function mesesDesdeAncoraDemo(dia: string): number {
  const mes = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
  return mes(dia) - mes(ANCORA_DEMO);
}

/**
 * Moves an ISO date (AAAA-MM, AAAA-MM-DD or AAAA-MM-DDTHH:MM…) by whole months; the day is kept,
 * or is the month's last when the month is shorter (31 → 30, 28 or 29). Anything else is left as is.
 */
export function deslocarMeses(valor: string, meses: number): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(.*)$/.exec(valor);
  if (!m || meses === 0) return valor;
  const i = Number(m[1]) * 12 + Number(m[2]) - 1 + meses;
  const ano = Math.floor(i / 12);
  const mes = (i % 12) + 1;
  const ym = `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}`;
  if (m[3] === undefined) return ym + m[4];
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${ym}-${String(Math.min(Number(m[3]), ultimo)).padStart(2, '0')}${m[4]}`;
}
