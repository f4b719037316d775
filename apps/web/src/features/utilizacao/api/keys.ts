/** Query keys of the area, from one place (the rating updates the list through them). */
export const utilizacaoKeys = {
  all: ['utilizacao'] as const,
  beneficiarios: () => [...utilizacaoKeys.all, 'beneficiarios'] as const,
  lista: (codigoBeneficiario: string) => [...utilizacaoKeys.all, 'lista', codigoBeneficiario] as const,
};
