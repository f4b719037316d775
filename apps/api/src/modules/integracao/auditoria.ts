/** The counts of an import as the audit keeps them (no row values, no messages). */
export interface Contagens {
  linhas?: number;
  incluidos?: number;
  alterados?: number;
  inalterados?: number;
  inativados?: number;
  erros?: number;
  /** Records an undo put back (decision 0049). */
  restaurados?: number;
  /** Rows of a listing. */
  itens?: number;
}

/** One call to /api/integracao/v1, refused ones included. Never a secret, a body or a query string. */
export interface ChamadaAuditada {
  chaveId: string | null;
  ip: string;
  metodo: string;
  /** The route pattern (`/api/integracao/v1/importacoes/:id`), not the URL. */
  rota: string;
  entidade: string | null;
  importacaoId: string | null;
  status: number;
  contagens: Contagens | null;
}
