import {
  apiErrorSchema,
  type NotaInterna,
  notaInternaSchema,
  notasInternasResponseSchema,
  novaNotaInternaRequestSchema,
  numeroProtocoloParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { quemAtende } from './contexto';
import { type NotaRow, NotasRepository } from './notas-repository';
import { EquipeRepository } from './repository';

/**
 * Internal notes (issue 31, decision 0056), under /api/atendimento/protocolos/:numero/notas: a staff
 * member writes for the others on a protocol or a reimbursement (whose protocol number is its own).
 * Every staff role may read and write; reading is audited as any read of a protocol, and a note is
 * written with its audit row in one transaction. Notes live in their own table: no member answer,
 * PDF or webhook reads it.
 */

const ERROS = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Sem sessão da equipe, ou sessão expirada.'),
  403: apiErrorSchema.describe('Falta o cabeçalho x-portal-equipe.'),
  404: apiErrorSchema.describe('Protocolo não encontrado.'),
} as const;

const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Protocolo não encontrado.');

const nota = (n: NotaRow): NotaInterna => ({
  id: n.id,
  texto: n.texto,
  autor: { id: n.autorId, nome: n.autorNome },
  em: new Date(n.criadoEm).toISOString(),
});

export const notasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { atendimento } = app.services;

  app.get(
    '/protocolos/:numero/notas',
    {
      schema: {
        summary: 'As notas internas da equipe sobre um protocolo ou reembolso (nunca mostradas ao beneficiário)',
        params: numeroProtocoloParamsSchema,
        response: { 200: notasInternasResponseSchema, ...ERROS },
      },
    },
    async (request) => {
      const repo = new NotasRepository(app.db);
      const { numero } = request.params;
      const codigoContrato = await repo.contratoDoProtocolo(numero);
      if (!codigoContrato) throw naoEncontrado();
      const notas = await repo.doProtocolo(numero);
      await atendimento.auditar(quemAtende(request), 'equipe_leu_notas', {
        protocolo: numero,
        codigoContrato,
        detalhe: { notas: notas.length },
      });
      return { notas: notas.map(nota) };
    },
  );

  app.post(
    '/protocolos/:numero/notas',
    {
      schema: {
        summary: 'Escreve uma nota interna (autor e hora registrados; nunca mostrada ao beneficiário)',
        params: numeroProtocoloParamsSchema,
        body: novaNotaInternaRequestSchema,
        response: { 201: notaInternaSchema, ...ERROS },
      },
    },
    async (request, reply) => {
      const quem = quemAtende(request);
      const { numero } = request.params;
      const em = new Date(app.clock.now());
      const criada = await app.db.transaction(async (tx) => {
        const repo = new NotasRepository(tx);
        const codigoContrato = await repo.contratoDoProtocolo(numero);
        if (!codigoContrato) throw naoEncontrado();
        const novo = await repo.inserir({
          protocolo: numero,
          texto: request.body.texto,
          autor: quem.equipe.conta.id,
          em,
        });
        // The note's id, not its text: the audit trail says who wrote when, the note says what.
        await new EquipeRepository(tx).auditar({
          em,
          contaId: quem.equipe.conta.id,
          evento: 'equipe_escreveu_nota',
          protocolo: numero,
          codigoContrato,
          ip: quem.origin.ip,
          userAgent: quem.origin.userAgent,
          detalhe: { nota: novo.id },
        });
        return novo;
      });
      atendimento.contarAcao(quem, 'equipe_escreveu_nota');
      return reply.code(201).send(nota(criada));
    },
  );
};
