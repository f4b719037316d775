import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as serializadorZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializador = (data: unknown) => string;

/**
 * The JSON Schema of a response, as zod writes it from the contract (draft-07, the dialect
 * fast-json-stringify's ajv reads), or null when zod cannot say it in JSON Schema (a transform,
 * a date, a codec): those responses keep zod's own encoder.
 */
export function esquemaDaResposta(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _dialeto, ...json } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    });
    return json;
  } catch {
    return null;
  }
}

/** One compiled serialiser per contract schema: the error shapes are shared by every route. */
const compilados = new WeakMap<z.ZodType, Serializador>();

function compilar(schema: z.ZodType, route: { method: string; url: string }): Serializador {
  const pronto = compilados.get(schema);
  if (pronto) return pronto;
  const json = schema instanceof z.ZodType ? esquemaDaResposta(schema) : null;
  const serializar: Serializador = json
    ? (fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Serializador)
    : (serializadorZod({ schema, method: route.method, url: route.url, httpStatus: '200' }) as Serializador);
  compilados.set(schema, serializar);
  return serializar;
}

/**
 * Response serialiser of every route (decision 0035): the contract's zod schema → JSON Schema →
 * fast-json-stringify, compiled the first time the route answers (the start stays quick). Only the
 * fields the schema names are written, at any depth: a column added to a query, or a row object
 * passed whole, never reaches the member. The shape is the contract's by construction; the
 * property test and the conformance run check the values against the zod schemas themselves.
 */
export const serializadorCompilado: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  let serializar: Serializador | undefined;
  return (data: unknown) => (serializar ??= compilar(schema, { method, url }))(data);
};
