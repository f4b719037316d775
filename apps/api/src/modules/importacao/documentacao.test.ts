import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { documentacao } from './documentacao';
import { esquemasDeLinha, LAYOUTS, type Entidade } from './layouts';

/** Prettier pads the tables: compare without the padding. */
const semEspacos = (s: string) => s.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---').trim();
const DOCS = join(import.meta.dirname, '../../../../../docs/integracao');

describe('docs/integracao: one page per layout, written from the layout', () => {
  for (const entidade of Object.keys(LAYOUTS) as Entidade[])
    it(`${entidade}.md matches the layout (regenerate: npm run importar -- --docs && npx prettier --write docs/integracao)`, () => {
      expect(semEspacos(readFileSync(join(DOCS, `${entidade}.md`), 'utf8'))).toBe(semEspacos(documentacao(entidade)));
    });

  it('every text column gives its maximum length, the one its parser enforces', () => {
    const texto = Object.values(LAYOUTS).flatMap((l) =>
      l.colunas.filter((c) => c.tipo === 'texto' || 'maximo' in c.parser),
    );
    expect(texto.length).toBeGreaterThan(40);
    for (const c of texto)
      expect(`${c.nome}: ${c.tipo}`).toBe(`${c.nome}: texto (até ${String((c.parser as { maximo?: number }).maximo)})`);
  });

  it('each row schema converts to JSON Schema (for the OpenAPI document)', () => {
    const s = z.toJSONSchema(esquemasDeLinha.beneficiarios!, { io: 'input' }) as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(s.required).toEqual([
      'codigoBeneficiario',
      'codigoContrato',
      'cpf',
      'nome',
      'sexo',
      'dataNascimento',
      'dataContratacao',
    ]);
    expect(Object.keys(s.properties)).toContain('cns');
  });
});
