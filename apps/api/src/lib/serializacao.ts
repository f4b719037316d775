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
 * passed whole, never reaches the member. fast-json-stringify checks the shape (a required field
 * missing is a 500), not every value; with `conferir` (NODE_ENV=test: the API suites) each answer
 * is also checked against the zod schema first, so a test catches an answer outside the contract.
 */
export function serializadorCompilado({ conferir = false } = {}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    let serializar: Serializador | undefined;
    const zod = conferir ? (serializadorZod({ schema, method, url, httpStatus: '200' }) as Serializador) : undefined;
    return (data: unknown) => {
      if (zod) zod(data); // throws ResponseSerializationError: a 500 logged as such (plugins/errors)
      return (serializar ??= compilar(schema, { method, url }))(data);
    };
  };
}
