import { diaEmSaoPaulo } from '@portal/br';
import type { ContasRepository, PessoaConta } from './repository';

/** A former member signs in (read-only) for this long after their coverage ended (0018). */
export const ANOS_ACESSO_APOS_CANCELAMENTO = 5;

/**
 * Who reaches the portal: an active beneficiary, or a former one whose coverage ended less than
 * 5 years ago (São Paulo's today), who signs in to the cancelled profile's view (0018). One rule for
 * VerificarCPF, the registration and its codes (pentest defect 14: VerificarCPF let a former member
 * through and CriarConta then refused them).
 */
export type Acesso = { ativo: true } | { ativo: false; encerradoEm: string };

/** null: neither (not a member, or one whose coverage ended 5 years ago or more). */
export async function acessoDaPessoa(contas: ContasRepository, p: PessoaConta, agora: number): Promise<Acesso | null> {
  if (p.beneficiarioAtivo) return { ativo: true };
  const encerradoEm = await contas.vinculoEncerradoDesde(p.cpf, ANOS_ACESSO_APOS_CANCELAMENTO, diaEmSaoPaulo(agora));
  return encerradoEm ? { ativo: false, encerradoEm } : null;
}
