/** Query keys of the area, from one place (mutations and 'Atualizar' invalidate through them). */
export const autorizacoesKeys = {
  all: ['autorizacoes'] as const,
  beneficiarios: () => [...autorizacoesKeys.all, 'beneficiarios'] as const,
  lista: (codigoBeneficiario: string) => [...autorizacoesKeys.all, 'lista', codigoBeneficiario] as const,
};
