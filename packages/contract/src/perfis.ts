/**
 * Spec 6 profile rules, shared by the web app and the API so both decide alike. Kept free of zod
 * (`@portal/contract/perfis`, like `limites`) so the web app can use it anywhere without the schemas.
 */

/** Upper case, no accents, single spaces: how spec 6 compares profile types. */
export function normalizeTipoPerfil(tipo: string | null | undefined): string {
  return (tipo ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/** Spec 6: the profile types that count as financial. */
export const PERFIS_FINANCEIROS = [
  'BENEFICIARIO RESPONSAVEL FINANCEIRO',
  'RESPONSAVEL FINANCEIRO NAO BENEFICIARIO',
  'TITULAR',
] as const;

const FINANCEIROS: ReadonlySet<string> = new Set(PERFIS_FINANCEIROS);

/** Spec 6: these profiles see invoices, the payment dialog, receipts and a co-participation statement button. */
export function isPerfilFinanceiro(tipoPerfil: string | null | undefined): boolean {
  return FINANCEIROS.has(normalizeTipoPerfil(tipoPerfil));
}

/** Spec 6 / 8: the refusal of the co-participation statement to a profile that is not co-participative. */
export const MENSAGEM_SEM_COPARTICIPACAO = 'Você não possui uma conta coparticipativa.';
