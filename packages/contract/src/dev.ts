import { z } from 'zod';

/** GET /api/dev/outbox (off when NODE_ENV=production): every SMS and e-mail, newest first. */
export const outboxItemSchema = z.object({
  canal: z.enum(['sms', 'email']),
  destino: z.string(),
  mensagem: z.string(),
  codigo: z.string().nullable(),
  criadoEm: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxResponseSchema = z.array(outboxItemSchema);
