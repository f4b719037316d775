import { z } from 'zod';
import { cpfSchema, membroRequest } from './comum';
import { textoLivre } from './texto';
import { protocoloCampos } from './servicos';

/**
 * The consent the member gives before being sent to the benefits club (docs/produto/beneficios.md, "Screens",
 * LGPD art. 8): the text shown is the text recorded. A new wording gets a new `versao`; the server
 * keeps the version and a hash of the exact text with each consent.
 */
export const TERMO_CLUBE = {
  versao: '2025-07-01',
  titulo: 'Termo de Ciência – Redirecionamento para Parceiro',
  finalidade: 'Acesso ao clube de benefícios do parceiro',
  dadosCompartilhados: ['nome completo', 'CPF'],
} as const;

/** The paragraphs of the consent, with the partner's name (operator configuration `clube.nome`). */
export function textoTermoClube(parceiro: string): string[] {
  return [
    `Ao continuar, você será redirecionado(a) para o site de ${parceiro}, nosso parceiro responsável pelo clube de benefícios.`,
    'Para identificar você, compartilharemos com o parceiro o seu nome completo e o seu CPF.',
    'A partir do redirecionamento, o parceiro passa a tratar esses dados de acordo com a política de privacidade dele, que pode ser consultada no site do parceiro.',
    'Registramos esta ciência (data, hora e versão deste texto) com um número de protocolo. Você pode revogá-la a qualquer momento pelos nossos canais de atendimento.',
  ];
}

/**
 * POST /api/Clube/SmartLinkLogin — records the consent and answers a link to the partner carrying
 * an opaque single-use code (nothing personal in the URL), valid for a few minutes. `cpf` must be the member's own (docs/produto/beneficios.md, "Validation": needs perfilAutenticado and
 * cpf); `versaoTermo` (our addition) is the version of the text the member saw: an outdated one
 * is refused so the member reads the current text.
 */
export const smartLinkLoginRequestSchema = membroRequest({
  cpf: cpfSchema,
  versaoTermo: textoLivre().max(40, 'Versão do termo inválida.').optional(),
});
export type SmartLinkLoginRequest = z.input<typeof smartLinkLoginRequestSchema>;
export const smartLinkLoginResponseSchema = z.object({
  webSmartLink: z.string(),
  /** ISO instant the link stops working. */
  expiraEm: z.string(),
  ...protocoloCampos,
});
export type SmartLinkLoginResponse = z.infer<typeof smartLinkLoginResponseSchema>;

/**
 * POST /api/Clube/ResgatarAcesso — the partner, server to server with its secret
 * (`Authorization: Bearer <CLUBE_SECRET>`), spends the code of the link (`token`) once and gets
 * the member's name and CPF (issue 13).
 */
export const resgatarAcessoClubeRequestSchema = z.object({
  token: z.string({ error: 'Informe o código.' }).trim().min(1, 'Informe o código.').max(200, 'Código inválido.'),
});
export const resgatarAcessoClubeResponseSchema = z.object({
  nome: z.string(),
  /** 11 digits. */
  cpf: z.string(),
});
export type ResgatarAcessoClubeResponse = z.infer<typeof resgatarAcessoClubeResponseSchema>;
