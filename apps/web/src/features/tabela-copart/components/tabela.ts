import type { Operadora } from '@portal/contract';

/** How the co-payment is counted for a row. */
export type FormaDeCobranca = 'Por evento' | 'Por sessão' | 'Por medicamento dispensado' | 'Por mês';

export interface LinhaCopart {
  /** null: the group has a single rule. */
  subgrupo: string | null;
  formaDeCobranca: FormaDeCobranca;
  /** Share of the procedure's value the member pays; null where docs/produto/informacoes.md "Limits" gives none. */
  percentual: number | null;
  /** Limit in reais for each charge. */
  limite: number;
}

type LinkProcedimentos = keyof Pick<
  Operadora['links'],
  'procedimentosRessonancia' | 'procedimentosTomografia' | 'procedimentosUltrassom'
>;

export interface GrupoCopart {
  /** The group's name, in parts: a part with a link names a list of procedures on the operator's site. */
  nome: { texto: string; link?: LinkProcedimentos }[];
  linhas: LinhaCopart[];
}

const evento = (percentual: number | null, limite: number, subgrupo: string | null = null): LinhaCopart => ({
  subgrupo,
  formaDeCobranca: 'Por evento',
  percentual,
  limite,
});

/**
 * docs/produto/informacoes.md "Limits": its nine groups, every percentage and limit as that table gives them.
 * Exames/procedimentos and the therapies are split into their subgroups (CH ranges, each therapy;
 * each drug and treatment of alta complexidade with how it is counted).
 */
export const TABELA_COPART: readonly GrupoCopart[] = [
  { nome: [{ texto: 'Consultas' }], linhas: [evento(null, 21)] },
  {
    nome: [{ texto: 'Consulta oftalmológica + pacote de exames de baixo custo' }],
    linhas: [evento(null, 79)],
  },
  { nome: [{ texto: 'Emergência' }], linhas: [evento(null, 79)] },
  { nome: [{ texto: 'Internação' }], linhas: [evento(null, 259)] },
  {
    nome: [
      { texto: 'Ressonância', link: 'procedimentosRessonancia' },
      { texto: 'Tomografia', link: 'procedimentosTomografia' },
      { texto: 'Ultrassom', link: 'procedimentosUltrassom' },
    ],
    linhas: [evento(50, 79)],
  },
  {
    nome: [{ texto: 'Exames e procedimentos' }],
    linhas: [evento(50, 79, '0 a 399 CH'), evento(50, 79, '400 CH ou mais')],
  },
  {
    nome: [{ texto: 'Terapias (0 a 399 CH)' }],
    linhas: ['Acupuntura', 'Fisioterapia', 'Fonoaudiologia', 'Terapia ocupacional', 'Psicoterapia'].map(
      (subgrupo): LinhaCopart => ({ subgrupo, formaDeCobranca: 'Por sessão', percentual: 50, limite: 79 }),
    ),
  },
  { nome: [{ texto: 'Terapias especiais' }], linhas: [evento(50, 79, '400 CH ou mais')] },
  {
    nome: [{ texto: 'Alta complexidade' }],
    linhas: [
      {
        subgrupo: 'Medicamentos antineoplásicos',
        formaDeCobranca: 'Por medicamento dispensado',
        percentual: 50,
        limite: 0,
      },
      {
        subgrupo: 'Medicamentos imunobiológicos',
        formaDeCobranca: 'Por medicamento dispensado',
        percentual: 50,
        limite: 0,
      },
      { subgrupo: 'Hemodiálise e diálise', formaDeCobranca: 'Por mês', percentual: 50, limite: 0 },
      { subgrupo: 'Quimioterapia', formaDeCobranca: 'Por mês', percentual: 50, limite: 0 },
      { subgrupo: 'Radioterapia', formaDeCobranca: 'Por mês', percentual: 50, limite: 0 },
    ],
  },
];

/** '50%'; where docs/produto/informacoes.md "Limits" gives no percentage, 'Não se aplica' (the row has only its value limit). */
export function percentualPorExtenso(percentual: number | null): string {
  return percentual === null ? 'Não se aplica' : `${percentual}%`;
}

/** The group's name as plain text ('Ressonância, Tomografia, Ultrassom'). */
export const nomeDoGrupo = (g: GrupoCopart): string => g.nome.map((p) => p.texto).join(', ');
