/** docs/produto/comercial.md "Limits": total = selected beneficiaries × value per beneficiary, in reais (computed in cents). */
export function totalDaContratacao(selecionados: number, valorPorBeneficiario: number): number {
  return (Math.round(valorPorBeneficiario * 100) * selecionados) / 100;
}
