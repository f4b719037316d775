import type { BeneficiarioUtilizacao } from '@portal/contract';
import { useBeneficiariosDe } from '@/lib/api/beneficiarios';
import { utilizacaoKeys } from './keys';

/** POST /api/utilizacao/Beneficiarios (docs/produto/utilizacao.md, "Data"): the beneficiaries the member may see. */
export const useBeneficiarios = () =>
  useBeneficiariosDe<BeneficiarioUtilizacao>('/api/utilizacao/Beneficiarios', utilizacaoKeys.beneficiarios());
