import type { z } from 'zod';
import { dadosInvalidos } from './app-error';

/**
 * Validates a request body with its contract schema. The first problem becomes the 400 message
 * (the contract's messages are Portuguese; zod's own are switched to pt-BR in app.ts).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw dadosInvalidos('Dados inválidos. Envie os dados em JSON.');
  }
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const campo = issue && issue.path.length > 0 ? issue.path.join('.') : '';
  const msg = issue?.message ?? 'Dados inválidos.';
  // Messages from the contract already name the field ('CPF inválido.'); zod's generic ones do not.
  throw dadosInvalidos(
    campo && /^(Entrada|Texto|Valor|Número|Chave|Formato|Opção|Muito|Tipo)/.test(msg) ? `${msg} (campo ${campo})` : msg,
  );
}
