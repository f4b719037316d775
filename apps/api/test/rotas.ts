import type { TestApp } from './helper';

/** An operation of the generated OpenAPI document, as far as the route-walking tests read it. */
export interface Operacao {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: JsonSchema } | undefined> };
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

export interface Documento {
  openapi: string;
  paths: Record<string, Record<string, Operacao>>;
}

export interface Rota {
  method: string;
  path: string;
  op: Operacao;
  /** Tagged `membro`: the body carries perfilAutenticado and the session cookie is required. */
  membro: boolean;
  /** The JSON body's schema, when the route takes one. */
  schema: JsonSchema | undefined;
}

/**
 * Every route of the app's own OpenAPI document, so a test that walks the routes covers a new one the
 * day it exists. Read at collection time (a top-level await in the test file), so that each route is a
 * test of its own, bounded by its own few requests rather than by the number of routes.
 */
export async function rotasDoDocumento(t: TestApp): Promise<{ doc: Documento; rotas: Rota[] }> {
  const doc = (await t.client().get<Documento>('/api/openapi.json', { auth: false })).body;
  const rotas: Rota[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      rotas.push({
        method: method.toUpperCase(),
        path,
        op,
        membro: op.tags?.includes('membro') ?? false,
        schema: op.requestBody?.content['application/json']?.schema,
      });
  return { doc, rotas };
}
