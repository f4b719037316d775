import { z } from 'zod';

/** POST /api/Token/GerarToken — the body is the fixed client credential embedded in the SPA. */
export const gerarTokenRequestSchema = z.object({
  usuario: z.string({ error: 'Informe o usuário.' }).min(1).max(200),
  senha: z.string({ error: 'Informe a senha.' }).min(1).max(200),
});
export type GerarTokenRequest = z.infer<typeof gerarTokenRequestSchema>;
/** The response body is the token itself, as a JSON string. */
export const gerarTokenResponseSchema = z.string();
