import type { Contadores } from '../../lib/metricas';
import type { Entidade, ErroDeLinha } from './layouts';

/** What the engine takes and answers (the interface the CLI and the integration API rely on). */

export interface OpcoesImportacao {
  entidade: Entidade;
  formato: 'csv' | 'jsonl';
  codificacao?: 'utf-8' | 'iso-8859-1';
  modo: 'incremental' | 'completo';
  dryRun: boolean;
  origem: 'cli' | 'api';
  chaveId?: string | null;
  /**
   * Progress: while reading (`leitura`, after each staged batch) and, every second, while the one
   * transaction checks and applies the file (`aplicacao`: lines and bytes stay those of the whole file).
   */
  onProgresso?: (p: { linhas: number; bytes: number; fase: 'leitura' | 'aplicacao' }) => void;
  /**
   * Rewrites a row's raw values before the layout's schema reads them (the demo seed moves the
   * dates of its files to the day it loads them; an operator's file is never transformed).
   */
  transformarLinha?: (valores: Record<string, string | undefined>) => Record<string, string | undefined>;
  /**
   * The exact number of records the operator confirms a `completo` file removes (cancels,
   * inactivates, deletes): --confirmar-cancelamentos N, confirmarCancelamentos=N. Past the bound it
   * is required; any other number refuses the file (decision 0049).
   */
  confirmarCancelamentos?: number;
  /** The bound of what a `completo` file removes unconfirmed (config.importacao); default LIMITE_PADRAO. */
  limite?: LimiteDeRemocoes;
  /** The undo window in days (config.importacao.desfazerDias): older records of removals are pruned. */
  desfazerDias?: number;
  /** The rows of each import and their pace, for /metrics (the API's; the CLI has none). */
  contadores?: Pick<Contadores, 'importacao'>;
}

/** A `completo` file may remove max(percentual % of the active records, min(minimo, half of them)) unconfirmed. */
export interface LimiteDeRemocoes {
  percentual: number;
  minimo: number;
}

/** What an import counted: the report's and the history row's. */
export interface Contagens {
  linhas: number;
  incluidos: number;
  alterados: number;
  inalterados: number;
  inativados: number;
  erros: ErroDeLinha[];
  errosOmitidos: number;
}

export interface Relatorio extends Contagens {
  id: string;
  entidade: Entidade;
  modo: string;
  dryRun: boolean;
  status: 'recusado' | 'validado' | 'aplicado';
  /**
   * Refused for the bound, or for a wrong confirmation: the exact number to confirm (what the file
   * removes); null otherwise.
   */
  confirmacaoExigida: number | null;
}
