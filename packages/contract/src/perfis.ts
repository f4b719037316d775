/**
 * docs/produto/comum.md "Who may use it" profile rules, shared by the web app and the API so both decide alike. Kept free of zod
 * (`@portal/contract/perfis`, like `limites`) so the web app can use it anywhere without the schemas.
 */

/** Upper case, no accents, single spaces: how docs/produto/comum.md "Who may use it" compares profile types. */
export function normalizeTipoPerfil(tipo: string | null | undefined): string {
  return (tipo ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/** docs/produto/comum.md "Who may use it": the profile types that count as financial. */
export const PERFIS_FINANCEIROS = [
  'BENEFICIARIO RESPONSAVEL FINANCEIRO',
  'RESPONSAVEL FINANCEIRO NAO BENEFICIARIO',
  'TITULAR',
] as const;

const FINANCEIROS: ReadonlySet<string> = new Set(PERFIS_FINANCEIROS);

/** docs/produto/comum.md "Who may use it": these profiles see invoices, the payment dialog, receipts and a co-participation statement button. */
export function isPerfilFinanceiro(tipoPerfil: string | null | undefined): boolean {
  return FINANCEIROS.has(normalizeTipoPerfil(tipoPerfil));
}

/** docs/produto/comum.md "Who may use it", "Messages": the refusal of the co-participation statement to a profile that is not co-participative. */
export const MENSAGEM_SEM_COPARTICIPACAO = 'Você não possui uma conta coparticipativa.';
