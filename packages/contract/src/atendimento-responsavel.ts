import { z } from 'zod';
import { PAPEIS_EQUIPE } from './atendimento-regras';

/**
 * Who is on a protocol (issue 31, decision 0055): its owner in the staff, the people who have its
 * case screen open, and the staff a supervisor may assign it to.
 */

const quando = z.string().describe('Data e hora (ISO 8601, UTC).');
const papel = z.enum(PAPEIS_EQUIPE);

export const ACOES_RESPONSAVEL = ['assumir', 'liberar', 'atribuir'] as const;
export type AcaoResponsavel = (typeof ACOES_RESPONSAVEL)[number];

/**
 * POST /api/atendimento/protocolos/:numero/responsavel. assumir: the protocol is mine (from someone
 * else: supervisor or administrador only); liberar: nobody's (someone else's: supervisor or
 * administrador only); atribuir {equipeId}: another person's (supervisor or administrador only).
 */
export const responsavelProtocoloRequestSchema = z
  .object({
    acao: z.enum(ACOES_RESPONSAVEL, { error: 'Ação inválida. Use assumir, liberar ou atribuir.' }),
    equipeId: z.uuid({ error: 'Pessoa da equipe inválida.' }).optional().describe('Em atribuir: a conta da equipe.'),
  })
  .refine((b) => b.acao !== 'atribuir' || b.equipeId !== undefined, {
    message: 'Escolha a pessoa da equipe a quem atribuir o protocolo.',
    path: ['equipeId'],
  });
export type ResponsavelProtocoloRequest = z.input<typeof responsavelProtocoloRequestSchema>;

/** A protocol's owner, or null: nobody has taken it. */
export const responsavelSchema = z
  .object({
    id: z.string(),
    nome: z.string(),
    papel,
    desde: quando,
    atribuidoPor: z
      .object({ id: z.string(), nome: z.string() })
      .nullable()
      .describe('Quem atribuiu, quando não foi a própria pessoa.'),
  })
  .nullable();
export type Responsavel = z.infer<typeof responsavelSchema>;

/** The owner as the queue shows it. */
export const responsavelDaFilaSchema = z.object({ id: z.string(), nome: z.string() }).nullable();

/** Someone else with the same case screen open (heartbeat in the last 45 s). */
export const presenteSchema = z.object({ id: z.string(), nome: z.string(), papel });
export type Presente = z.infer<typeof presenteSchema>;

/** POST /api/atendimento/protocolos/:numero/presenca → the others present now. */
export const presencaResponseSchema = z.object({ presentes: z.array(presenteSchema) });
export type PresencaResponse = z.infer<typeof presencaResponseSchema>;

/** POST …/responsavel → who it is with now. */
export const responsavelProtocoloResponseSchema = z.object({ responsavel: responsavelSchema });
export type ResponsavelProtocoloResponse = z.infer<typeof responsavelProtocoloResponseSchema>;

/** GET /api/atendimento/equipe (supervisor or administrador): the active staff one may assign a protocol to. */
export const equipeAtivaResponseSchema = z.object({
  contas: z.array(z.object({ id: z.string(), nome: z.string(), papel })),
});
export type EquipeAtivaResponse = z.infer<typeof equipeAtivaResponseSchema>;
