import type { Beneficiario } from '@portal/contract';
import { useBeneficiariosDe } from '@/lib/api/beneficiarios';
import { autorizacoesKeys } from './keys';

/** POST /api/Autorizacoes/Beneficiarios (docs/produto/autorizacoes.md, "Calls"): the beneficiaries the member may see. */
export const useBeneficiarios = () =>
  useBeneficiariosDe<Beneficiario>('/api/Autorizacoes/Beneficiarios', autorizacoesKeys.beneficiarios());
