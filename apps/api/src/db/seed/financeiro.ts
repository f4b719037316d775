import {
  calcularEncargosAtraso,
  campoLivreItau,
  diaDoMes,
  diaEmSaoPaulo,
  type Mes,
  mesDe,
  mesesEntre,
  primeiroDia,
  somarDias,
  somarMeses,
} from '@portal/br';
import type { Queryable } from '../db';
import { DEMO_CONTRATO } from './demo';
import type { SeedContexto, SeedPart } from './part';

/**
 * Installments and co-participation of every active demo contract (demo-data.md): one installment
 * a month for the last 36 months (so the IRPF informe and the clearance letter have whole past
 * years), laid out from the day the data is loaded. The two most recent are open, the rest paid;
 * Roberto also left the December of last year unpaid, so his clearance letter of that year is
 * refused. Amounts follow each plan's price by ANS age band, readjusted every May.
 */

const MESES_DE_HISTORICO = 36;
/** Due on the 10th of the competence month (pre-paid plan). */
const DIA_VENCIMENTO = 10;
/** The installment paid late in every contract: 4 months back, 9 days after its due date, at 2 % + 1 % a.m. */
const ATRASO_PAGO = { mesesAtras: 4, dias: 9, regra: { multaPercentual: 2, jurosMensalPercentual: 1 } };
/** Itaú (341), the operator's collection account. */
const COBRANCA = { carteira: '109', agencia: '1572', conta: '40318' };
/** ANS individual-plan readjustment applied each May. */
const REAJUSTE_ANUAL = 1.0606;

/** Price of the first age band (0–18) today, in centavos, per plan. */
const PRECO_BASE: Record<string, number> = { '4521': 28_990, '4522': 21_450, '3105': 19_800, '5210': 46_700 };
/** The ten ANS age bands (RN 63/2003): upper ages and factors; the last is at most 6× the first. */
const FAIXAS: [number, number][] = [
  [18, 1],
  [23, 1.18],
  [28, 1.32],
  [33, 1.45],
  [38, 1.58],
  [43, 1.75],
  [48, 2.1],
  [53, 2.6],
  [58, 3.3],
  [Infinity, 5.8],
];

/** Co-participation per spec 9: fixed amounts up to the limit, or 50 % of the cost up to R$ 79. */
const PROCEDIMENTOS: [descricao: string, prestador: string, centavos: number][] = [
  ['Consulta eletiva - Clínica Médica', 'Clínica Coração Paulista', 2_100],
  ['Consulta eletiva - Pediatria', 'Clínica Infantil Primeiros Passos', 2_100],
  ['Consulta eletiva - Dermatologia', 'Clínica Pele Saudável', 2_100],
  ['Hemograma com contagem de plaquetas', 'Laboratório Vida Diagnósticos', 900],
  ['TSH - hormônio tireoestimulante', 'Laboratório Vida Diagnósticos', 1_200],
  ['US - Abdome total', 'Hospital Santa Clara', 7_900],
  ['Sessão de fisioterapia', 'Centro de Fisioterapia Movimento', 3_000],
  ['Atendimento de emergência - pronto-socorro', 'Hospital Santa Clara', 7_900],
  ['Consulta oftalmológica com mapeamento de retina', 'Clínica Visão Clara', 7_900],
  ['Colesterol total e frações', 'Laboratório Vida Diagnósticos', 1_450],
];

interface Beneficiario {
  codigo: string;
  nome: string;
  nascimento: string;
  titular: boolean;
}

interface Contrato {
  codigo: string;
  plano: string;
  coparticipativo: boolean;
  inicio: string;
  beneficiarios: Beneficiario[];
}

/** A small deterministic generator, so every demo database holds the same data for the same day. */
function sorteio(semente: string) {
  let h = 2166136261;
  for (const ch of semente) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    h = (Math.imul(h, 1664525) + 1013904223) >>> 0;
    return h / 2 ** 32;
  };
}

function idade(nascimento: string, em: string): number {
  const anos = Number(em.slice(0, 4)) - Number(nascimento.slice(0, 4));
  return em.slice(5) < nascimento.slice(5) ? anos - 1 : anos;
}

/** A beneficiary's fee for a competence: age band at the competence, readjustments since. */
export function mensalidadeCentavos(plano: string, nascimento: string, competencia: Mes, hoje: Mes): number {
  const base = PRECO_BASE[plano] ?? 25_000;
  const anos = idade(nascimento, primeiroDia(competencia));
  const fator = FAIXAS.find(([ate]) => anos <= ate)![1];
  // Readjustments (each May) between the competence and today are taken back out.
  let maios = 0;
  for (let m = somarMeses(competencia, 1); mesesEntre(m, hoje) >= 0; m = somarMeses(m, 1)) if (m.mes === 5) maios++;
  return Math.round((base * fator) / REAJUSTE_ANUAL ** maios);
}

async function contratosAtivos(tx: Queryable): Promise<Contrato[]> {
  const rows = await tx.query<{
    codigo_contrato: string;
    codigo_plano: string;
    coparticipativo: boolean;
    inicio: string;
    codigo_beneficiario: string;
    nome: string;
    nascimento: string;
    tipo: string;
  }>(
    `select ct.codigo_contrato, ct.codigo_plano, pl.coparticipativo, ct.data_inicio_vigencia::text as inicio,
            b.codigo_beneficiario, p.nome, p.data_nascimento::text as nascimento, b.tipo
       from contratos ct
       join planos pl on pl.codigo_plano = ct.codigo_plano
       join beneficiarios b on b.codigo_contrato = ct.codigo_contrato and b.ativo
       join pessoas p on p.cpf = b.cpf
      where ct.data_cancelamento is null
      order by ct.codigo_contrato, (b.tipo = 'TITULAR') desc, b.codigo_beneficiario`,
  );
  const porCodigo = new Map<string, Contrato>();
  for (const r of rows) {
    let c = porCodigo.get(r.codigo_contrato);
    if (!c) {
      c = {
        codigo: r.codigo_contrato,
        plano: r.codigo_plano,
        coparticipativo: r.coparticipativo,
        inicio: r.inicio,
        beneficiarios: [],
      };
      porCodigo.set(r.codigo_contrato, c);
    }
    c.beneficiarios.push({
      codigo: r.codigo_beneficiario,
      nome: r.nome,
      nascimento: r.nascimento,
      titular: r.tipo === 'TITULAR',
    });
  }
  return [...porCodigo.values()];
}

interface Uso {
  beneficiario: Beneficiario;
  dia: string;
  procedimento: (typeof PROCEDIMENTOS)[number];
}

/**
 * The services a contract's beneficiaries used in a competence. Fixed where journeys rely on it:
 * in the current month both the holder and the first dependant used something, and the month
 * before nobody did ('Nenhum item encontrado.'); other months 0–3 services at random.
 */
function usos(c: Contrato, m: Mes, atras: number, diaAtual: number): Uso[] {
  if (!c.coparticipativo) return [];
  if (atras === 1) return [];
  const r = sorteio(`${c.codigo}-${m.ano}-${m.mes}`);
  const n = atras === 0 ? Math.max(2, Math.min(c.beneficiarios.length, 3)) : Math.floor(r() * 4);
  const lista: Uso[] = [];
  for (let i = 0; i < n; i++) {
    const beneficiario =
      atras === 0
        ? c.beneficiarios[i % c.beneficiarios.length]!
        : c.beneficiarios[Math.floor(r() * c.beneficiarios.length)]!;
    const procedimento = PROCEDIMENTOS[Math.floor(r() * PROCEDIMENTOS.length)]!;
    // This month's services happened up to today, never after.
    const ultimoDia = atras === 0 ? diaAtual : 28;
    lista.push({ beneficiario, dia: diaDoMes(m, 1 + Math.floor(r() * ultimoDia)), procedimento });
  }
  return lista.sort((a, b) => a.dia.localeCompare(b.dia));
}

export const financeiro: SeedPart = {
  id: '0004_financeiro',
  async run(tx: Queryable, _prepared: void, { hoje }: SeedContexto) {
    const diaHoje = diaEmSaoPaulo(hoje.getTime());
    const mesAtual = mesDe(diaHoje);
    const diaAtual = Number(diaHoje.slice(8, 10));
    const mensalidades: unknown[][] = [];
    const itens: unknown[][] = [];
    const coparticipacoes: unknown[][] = [];
    for (const c of await contratosAtivos(tx)) {
      const inicio = mesDe(c.inicio);
      for (let atras = MESES_DE_HISTORICO - 1; atras >= 0; atras--) {
        const m = somarMeses(mesAtual, -atras);
        if (mesesEntre(inicio, m) < 0) continue;
        const codigo = `${c.codigo}${m.ano}${String(m.mes).padStart(2, '0')}`;
        const vencimento = diaDoMes(m, DIA_VENCIMENTO);
        const emAberto =
          atras <= 1 || (c.codigo === DEMO_CONTRATO.roberto && m.ano === mesAtual.ano - 1 && m.mes === 12);
        const linhas: [string, 'MENSALIDADE' | 'COPARTICIPACAO', string, number][] = [];
        for (const b of c.beneficiarios) {
          linhas.push([
            b.codigo,
            'MENSALIDADE',
            `Mensalidade - ${b.nome}`,
            mensalidadeCentavos(c.plano, b.nascimento, m, mesAtual),
          ]);
        }
        const usados = usos(c, m, atras, diaAtual);
        for (const u of usados) {
          coparticipacoes.push([
            u.beneficiario.codigo,
            primeiroDia(m),
            u.dia,
            u.procedimento[0],
            u.procedimento[1],
            u.procedimento[2],
          ]);
        }
        for (const b of c.beneficiarios) {
          const soma = usados.filter((u) => u.beneficiario === b).reduce((s, u) => s + u.procedimento[2], 0);
          if (soma > 0) linhas.push([b.codigo, 'COPARTICIPACAO', `Coparticipação - ${b.nome}`, soma]);
        }
        const total = linhas.reduce((s, l) => s + l[3], 0);
        // Paid a few days before the due date, some on the day itself; the fifth most recent month
        // paid late, with the fine and interest of an updated boleto (issue 15: its receipt says so).
        const pagoComAtraso = !emAberto && atras === ATRASO_PAGO.mesesAtras;
        const pagoEm = emAberto
          ? null
          : pagoComAtraso
            ? somarDias(vencimento, ATRASO_PAGO.dias)
            : somarDias(vencimento, -((m.mes * 7 + Number(c.codigo.slice(-2))) % 5));
        const valorPago = pagoComAtraso
          ? calcularEncargosAtraso(total, ATRASO_PAGO.dias, ATRASO_PAGO.regra).totalCentavos
          : null;
        const nossoNumero = `${c.codigo.slice(-4)}${String(m.ano).slice(-2)}${String(m.mes).padStart(2, '0')}`;
        mensalidades.push([
          codigo,
          c.codigo,
          primeiroDia(m),
          vencimento,
          total,
          pagoEm,
          valorPago,
          '341',
          campoLivreItau({ ...COBRANCA, nossoNumero }),
        ]);
        linhas.forEach(([beneficiario, tipo, descricao, valor], ordem) =>
          itens.push([codigo, ordem, beneficiario, tipo, descricao, valor]),
        );
      }
    }
    // One statement per table (unnest), not one per row: the seed stays fast on PGlite.
    await tx.query(
      `insert into mensalidades (codigo_mensalidade, codigo_contrato, competencia, vencimento, valor_centavos, pago_em,
         valor_pago_centavos, banco, campo_livre)
       select * from unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::bigint[], $6::date[], $7::bigint[],
         $8::text[], $9::text[])`,
      colunas(mensalidades, 9),
    );
    await tx.query(
      `insert into mensalidade_itens (codigo_mensalidade, ordem, codigo_beneficiario, tipo, descricao, valor_centavos)
       select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[])`,
      colunas(itens, 6),
    );
    await tx.query(
      `insert into coparticipacoes (codigo_beneficiario, competencia, data_atendimento, descricao, prestador, valor_centavos)
       select * from unnest($1::text[], $2::date[], $3::date[], $4::text[], $5::text[], $6::bigint[])`,
      colunas(coparticipacoes, 6),
    );
  },
};

function colunas(linhas: unknown[][], n: number): unknown[][] {
  return Array.from({ length: n }, (_, i) => linhas.map((l) => l[i]));
}
