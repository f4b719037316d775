import { isValidCpf, onlyDigits } from '@portal/br';
import type { ChaveValidacao } from './mensagens';

/**
 * The CPF step is the first screen every member downloads, so it checks with a plain function
 * (zod and its resolver would add ≈ 18 KB gzip to the login route: docs/decisions/0003). Every
 * later form uses the shared zod form schemas of packages/contract through zodResolver, and the
 * API re-checks everything with the contract's request schemas.
 */
type Resultado = true | ChaveValidacao;

export function validarCpf(value: string): Resultado {
  const digits = onlyDigits(value);
  if (!digits) return 'cpfObrigatorio';
  return digits.length === 11 && isValidCpf(digits) ? true : 'cpfInvalido';
}
