import { formatDate } from '@portal/br';
import type { Mensagem } from './mensagens';

/**
 * What a former member reads once their account is created (docs/produto/acesso.md, "Registration";
 * pentest defect 14, decision 0018). A profile cancelled less than 5 years ago registers like a member and signs in to
 * the cancelled profile's view; the date comes from CadastrarSenha's `dataCancelamento`.
 */
export function avisoPlanoCancelado(dataCancelamento: string): Mensagem {
  return {
    title: `Plano cancelado em ${formatDate(dataCancelamento)}`,
    description:
      'No portal você continua acessando faturas, recibos, informes de Imposto de Renda, a declaração de quitação, seus protocolos e seus dados pessoais (LGPD).',
  };
}
