/**
 * The staff console's words and bounds its first screen needs (the header's roles, the search
 * box's bounds), kept free of zod (`@portal/contract/atendimento`) so the console's entry chunk
 * carries no schema library. atendimento.ts re-exports them for the API.
 */

/** Roles of a staff account: what each may do is checked by the API, per route. */
export const PAPEIS_EQUIPE = ['atendente', 'supervisor', 'administrador'] as const;
export type PapelEquipe = (typeof PAPEIS_EQUIPE)[number];

export const ROTULOS_PAPEL_EQUIPE: Record<PapelEquipe, string> = {
  atendente: 'Atendente',
  supervisor: 'Supervisor',
  administrador: 'Administrador',
};

/** The search box's bounds: what the API accepts and the console says before sending. */
export const BUSCA_ATENDIMENTO = {
  minCaracteres: 3,
  maxCaracteres: 100,
  /** People in one answer (`mais` says there were more: type more of the name). */
  maxPessoas: 20,
  /** Protocols and reimbursements per person, the most recent first. */
  maxPorPessoa: 10,
} as const;
