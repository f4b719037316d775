/** Centavos (integers, never floats) to reais with two decimals, as the JSON answers carry them. */
export function reais(centavos: number): number {
  return Math.round(centavos) / 100;
}
