import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Operadora, operadoraSchema } from '@portal/contract';
import { z } from 'zod';
import { contrasteComBranco } from './tema';

/** A bad operator configuration; the message names the variable or the file field. */
export class OperadoraInvalida extends Error {
  override readonly name = 'OperadoraInvalida';
}

/** OPERADORA_LINKS_TELE_MEDICINA ← links.teleMedicina */
export function envName(path: string[]): string {
  return ['OPERADORA', ...path.map((p) => p.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase())].join('_');
}

/** Every scalar field of the schema (arrays excluded): the ones an environment variable may override. */
function scalarPaths(schema: z.ZodType, prefix: string[] = []): string[][] {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault) {
    s = s.unwrap() as z.ZodType;
  }
  if (s instanceof z.ZodObject) {
    return Object.entries(s.shape as Record<string, z.ZodType>).flatMap(([k, v]) => scalarPaths(v, [...prefix, k]));
  }
  if (s instanceof z.ZodArray) return [];
  return [prefix];
}

export const OVERRIDABLE = scalarPaths(operadoraSchema);

function setPath(target: Record<string, unknown>, path: string[], value: string) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/**
 * The operator configuration: `dir`/operadora.json with OPERADORA_* overrides from `env`, validated
 * by the contract's schema (and the brand colour's contrast). A bad value throws OperadoraInvalida
 * naming the variable (or the file field); the API turns it into a start-up error.
 */
export function loadOperadora(dir: string, env: NodeJS.ProcessEnv): Operadora {
  const file = join(dir, 'operadora.json');
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new OperadoraInvalida(
      `Invalid OPERADORA_DIR: cannot read ${file} (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const fromEnv = new Map<string, string>();
  for (const path of OVERRIDABLE) {
    const name = envName(path);
    const value = env[name];
    if (value === undefined || value === '') continue;
    setPath(raw, path, value);
    fromEnv.set(path.join('.'), name);
  }
  const parsed = operadoraSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    const where = fromEnv.get(field) ?? `${file} → ${field || '(raiz)'}`;
    throw new OperadoraInvalida(`Invalid operator configuration ${where}: ${issue.message}`);
  }
  const ratio = contrasteComBranco(parsed.data.corPrimaria);
  if (ratio < 4.5) {
    const where = fromEnv.get('corPrimaria') ?? `${file} → corPrimaria`;
    throw new OperadoraInvalida(
      `Invalid operator configuration ${where}: contraste com branco ${ratio.toFixed(2)}:1, precisa de pelo menos 4.5:1 (WCAG AA)`,
    );
  }
  return parsed.data;
}
