import { normalizeTipoPerfil } from '@/lib/sessao';

/** The server's rule (decision 0012): the holder or the financial responsible asks for new dependents. */
export function podeIncluirDependentes(u: { tipoPerfil: string; responsavelFinanceiro: boolean }): boolean {
  return u.responsavelFinanceiro || normalizeTipoPerfil(u.tipoPerfil) === 'TITULAR';
}
