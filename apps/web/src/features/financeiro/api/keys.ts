/** Query keys of the area, from one place. */
export const financeiroKeys = {
  all: ['financeiro'] as const,
  parcelas: () => [...financeiroKeys.all, 'parcelas'] as const,
  codigoBarras: (codigoMensalidade: string) => [...financeiroKeys.all, 'codigo-barras', codigoMensalidade] as const,
  pix: (codigoMensalidade: string) => [...financeiroKeys.all, 'pix', codigoMensalidade] as const,
  coparticipacao: () => [...financeiroKeys.all, 'coparticipacao'] as const,
  /** null: the server's default year (the previous calendar year). */
  irpf: (ano: number | null) => [...financeiroKeys.all, 'irpf', ano] as const,
};
