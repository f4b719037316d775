import { z } from 'zod';
import { DOCUMENTOS_USUAIS } from './atendimento-regras';
import { SITUACOES_PROTOCOLO, TIPOS_PROTOCOLO } from './protocolos-regras';
import { reembolsoResumoSchema } from './reembolso';

/**
 * The staff console's case screen (issue 31, decision 0057): the member at a glance beside a
 * protocol or a reimbursement, and the documents asked of the member by a checklist.
 */

const quando = z.string().describe('Data e hora (ISO 8601, UTC).');
const dia = z.string().describe('AAAA-MM-DD.');

// ---------------------------------------------------------------------------------------------
// The member at a glance ("360"): read-only, scoped to the case's contract, audited with the case.

/** A notice the member was sent (SMS or e-mail): never its text, never a code. */
export const avisoAoMembroSchema = z.object({
  canal: z.enum(['sms', 'email']),
  em: quando,
  assunto: z
    .string()
    .describe('O assunto do aviso; um código de verificação aparece só como "Código de verificação (oculto)".'),
  destino: z.string().describe('Mascarado: (11) *****-4321 ou mar****@exemplo.com.'),
  entrega: z.enum(['enviado', 'falhou', 'na_fila']).describe('na_fila: ainda não saiu (ou só a caixa de saída).'),
});
export type AvisoAoMembro = z.infer<typeof avisoAoMembroSchema>;

/** An unpaid monthly invoice of the contract (read-only). */
export const mensalidadeEmAbertoSchema = z.object({
  competencia: dia.describe('O primeiro dia do mês que ela paga.'),
  vencimento: dia,
  valor: z.number().describe('Reais.'),
  situacao: z.enum(['em_aberto', 'vencida']),
});
export type MensalidadeEmAberto = z.infer<typeof mensalidadeEmAbertoSchema>;

export const contextoDoMembroSchema = z.object({
  contrato: z.object({ codigo: z.string(), plano: z.string(), situacao: z.string() }),
  beneficiarios: z.array(
    z.object({
      nome: z.string(),
      codigo: z.string(),
      parentesco: z.string(),
      situacao: z.string(),
      cpf: z.string().describe('Mascarado: ***.982.247-**.'),
    }),
  ),
  protocolosAnteriores: z
    .array(
      z.object({
        protocolo: z.string(),
        tipo: z.enum(TIPOS_PROTOCOLO),
        assunto: z.string(),
        situacao: z.enum(SITUACOES_PROTOCOLO),
        criadoEm: quando,
      }),
    )
    .describe('Os 10 últimos do contrato, além deste (fora os de reembolso).'),
  reembolsosAnteriores: z
    .array(
      reembolsoResumoSchema.pick({
        protocolo: true,
        tipo: true,
        beneficiario: true,
        valorPago: true,
        situacao: true,
        criadoEm: true,
      }),
    )
    .describe('Os 10 últimos reembolsos do contrato, além deste.'),
  avisos: z
    .array(avisoAoMembroSchema)
    .describe('Os 10 últimos SMS e e-mails enviados aos contatos dos beneficiários do contrato.'),
  mensalidadesEmAberto: z
    .array(mensalidadeEmAbertoSchema)
    .describe('As mensalidades não pagas do contrato, da mais antiga à mais nova (no máximo 12).'),
});
export type ContextoDoMembro = z.infer<typeof contextoDoMembroSchema>;

/** What the case read's audit row says was shown (equipe_leu_protocolo, equipe_leu_reembolso). */
export function resumoDoContexto(c: ContextoDoMembro) {
  return {
    beneficiarios: c.beneficiarios.length,
    protocolos: c.protocolosAnteriores.length,
    reembolsos: c.reembolsosAnteriores.length,
    avisos: c.avisos.length,
    mensalidadesEmAberto: c.mensalidadesEmAberto.length,
  };
}

// ---------------------------------------------------------------------------------------------
// 'Pedir documentos': a checklist of the usual documents plus free text.

export const documentosPedidosSchema = z
  .array(
    z.enum(DOCUMENTOS_USUAIS, {
      error: `Documento inválido. Use: ${DOCUMENTOS_USUAIS.join(', ')}.`,
    }),
    { error: 'documentos deve ser uma lista.' },
  )
  .max(DOCUMENTOS_USUAIS.length, 'Documentos repetidos.')
  .refine((d) => new Set(d).size === d.length, 'Documentos repetidos.')
  .describe('Os documentos usuais pedidos ao beneficiário (a lista de verificação).');
