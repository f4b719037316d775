import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { esquemaDaResposta, serializadorCompilado } from './serializacao';

const beneficiario = z.object({ codigoBeneficiario: z.string(), nome: z.string(), plano: z.string().nullable() });
const resposta = z.object({
  sucesso: z.literal(true),
  titular: beneficiario,
  dependentes: z.array(beneficiario),
  observacao: z.string().optional(),
});
/** A response zod cannot say in JSON Schema (a Date): it keeps zod's encoder. */
const comData = z.object({ em: z.date(), nome: z.string() });

// What a repository row might carry beside the contract's fields.
const linha = (codigo: string) => ({
  codigoBeneficiario: codigo,
  nome: 'Maria Aparecida Souza',
  plano: null,
  cpf: '52998224725',
  senhaHash: '$argon2id$…',
});

async function app() {
  const a = Fastify();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializadorCompilado());
  a.get('/r', { schema: { response: { 200: resposta } } }, async () => ({
    sucesso: true,
    titular: linha('1'),
    dependentes: [linha('2'), linha('3')],
    contrato: { codigoContrato: '100234' },
  }));
  a.get('/t', { schema: { response: { 200: comData } } }, async () => ({
    em: new Date('2026-11-27T04:00:00Z'),
    nome: 'x',
    cpf: '52998224725',
  }));
  return a;
}

describe('compiled response serialisation (decision 0035)', () => {
  it('writes only the fields the contract names, at every depth', async () => {
    const a = await app();
    const r = await a.inject({ method: 'GET', url: '/r' });
    expect(r.statusCode).toBe(200);
    const semExtras = { codigoBeneficiario: '', nome: 'Maria Aparecida Souza', plano: null };
    expect(JSON.parse(r.body)).toEqual({
      sucesso: true,
      titular: { ...semExtras, codigoBeneficiario: '1' },
      dependentes: [
        { ...semExtras, codigoBeneficiario: '2' },
        { ...semExtras, codigoBeneficiario: '3' },
      ],
    });
    expect(r.body).not.toContain('52998224725');
    expect(r.body).not.toContain('argon2');
    await a.close();
  });

  it('drops unnamed fields on the zod fallback too', async () => {
    expect(esquemaDaResposta(comData)).toBeNull();
    const a = await app();
    const r = await a.inject({ method: 'GET', url: '/t' });
    expect(JSON.parse(r.body)).toEqual({ em: '2026-11-27T04:00:00.000Z', nome: 'x' });
    await a.close();
  });

  it('checks each answer against the zod schema too when asked (the API suites)', async () => {
    const respostaErrada = async () => ({ sucesso: true, titular: { ...linha('1'), nome: 42 }, dependentes: [] });
    for (const conferir of [false, true]) {
      const a = Fastify();
      a.setSerializerCompiler(serializadorCompilado({ conferir }));
      a.get('/r', { schema: { response: { 200: resposta } } }, respostaErrada);
      const r = await a.inject({ method: 'GET', url: '/r' });
      // fast-json-stringify alone writes the number as a string; zod refuses it.
      expect(r.statusCode).toBe(conferir ? 500 : 200);
      await a.close();
    }
  });

  it('compiles the contract schemas to JSON Schema', () => {
    expect(esquemaDaResposta(resposta)).toMatchObject({
      type: 'object',
      required: ['sucesso', 'titular', 'dependentes'],
      additionalProperties: false,
    });
  });
});
