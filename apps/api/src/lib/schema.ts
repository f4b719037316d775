import { apiErrorSchema } from '@portal/contract';
import type { z } from 'zod';

/** The error answers every route may give, all with the one error shape (documented in OpenAPI). */
const ERROS = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Token do aplicativo ou sessão do membro inválidos.'),
  403: apiErrorSchema.describe('O perfil não tem permissão para esta chamada.'),
  404: apiErrorSchema.describe('Não encontrado (ou de outro contrato).'),
  409: apiErrorSchema.describe('Conflito com o estado atual.'),
  422: apiErrorSchema.describe('Regra de negócio não atendida.'),
  429: apiErrorSchema.describe('Muitas tentativas; aguarde `aguardarSegundos`.'),
} as const;

/** `response` of a route schema: its 200 body plus the shared error answers. */
export function respostas<T extends z.ZodType>(ok: T) {
  return { 200: ok, ...ERROS };
}
