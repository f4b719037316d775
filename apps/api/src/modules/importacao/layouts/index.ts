import { esquemaDaLinha, type Layout } from '../campos';
import { autorizacoes } from './autorizacoes';
import { beneficiarios } from './beneficiarios';
import { contratos } from './contratos';
import { coparticipacoes } from './coparticipacoes';
import { especialidades } from './especialidades';
import { irpf } from './irpf';
import { mensalidades } from './mensalidades';
import { municipios } from './municipios';
import { prestadores } from './prestadores';
import { produtos } from './produtos';
import { reembolsoTabela } from './reembolso-tabela';
import { selos } from './selos';
import { substituicoes } from './substituicoes';
import { utilizacao } from './utilizacao';

/**
 * One layout per entity (docs/integracao/<entidade>.md), each in its own file beside this one: its
 * columns, the natural key, the SQL that checks references against the staging table `importacao_stg`
 * (one text column per layout column, plus `linha`), and the SQL that applies it onto the tables the
 * member screens read. What several layouts share is in comum.ts.
 */

export interface ErroDeLinha {
  linha: number;
  coluna: string;
  valor: string;
  mensagem: string;
}

export type { Contagem, Layout, Remocao } from '../campos';

export const ENTIDADES = [
  'produtos',
  'contratos',
  'beneficiarios',
  'mensalidades',
  'coparticipacoes',
  'irpf',
  'municipios',
  'especialidades',
  'selos',
  'prestadores',
  'substituicoes',
  'autorizacoes',
  'utilizacao',
  'reembolso-tabela',
] as const;
export type Entidade = (typeof ENTIDADES)[number];

/** Every entity's layout. */
export const LAYOUTS: Record<Entidade, Layout> = {
  produtos,
  contratos,
  beneficiarios,
  mensalidades,
  coparticipacoes,
  autorizacoes,
  utilizacao,
  municipios,
  especialidades,
  selos,
  prestadores,
  substituicoes,
  irpf,
  'reembolso-tabela': reembolsoTabela,
};

/** The zod schema of one row of each entity with a layout (for the OpenAPI document). */
export const esquemasDeLinha = Object.fromEntries(
  Object.entries(LAYOUTS).map(([e, l]) => [e, esquemaDaLinha(l.colunas)]),
) as Partial<Record<Entidade, ReturnType<typeof esquemaDaLinha>>>;
