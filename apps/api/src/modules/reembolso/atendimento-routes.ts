import { diaEmSaoPaulo, proximaRodadaDePagamento } from '@portal/br';
import {
  anexoReembolsoParamsSchema,
  apiErrorSchema,
  aprovarReembolsoRequestSchema,
  confirmarAprovacaoReembolsoRequestSchema,
  type ContextoDoMembro,
  iniciarAnaliseReembolsoRequestSchema,
  type ItemReembolsoAtendimento,
  marcarPagoReembolsoRequestSchema,
  negarReembolsoRequestSchema,
  PAPEIS_REEMBOLSO,
  type PapelEquipe,
  pedirDocumentosReembolsoRequestSchema,
  protocoloReembolsoParamsSchema,
  type ReembolsoAtendimento,
  recusarAprovacaoReembolsoRequestSchema,
  reembolsoAtendimentoSchema,
  reembolsosAtendimentoQuerySchema,
  reembolsosAtendimentoResponseSchema,
  SITUACOES_REEMBOLSO,
  type SituacaoReembolso,
  resumoDoContexto,
  textoDoPedidoDeDocumentos,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dadosInvalidos } from '../../lib/app-error';
import { contentDisposition } from '../../lib/nome-arquivo';
import type { Queryable } from '../../db/db';
import type { ReembolsoService } from './service';

/**
 * The console's side of Reembolso (issue 18 "Operator side", decisions 0033 and 0034), under
 * /api/atendimento/reembolsos: beside the member's (routes.ts) and the integration's
 * (integracao-routes.ts) routes, but registered inside atendimentoRoutes, so the staff session, the
 * x-portal-equipe header on writes and the roles apply. Every read of member data (the queue, a
 * request, an attachment) and every change is a row of equipe_auditoria; the change itself goes
 * through ReembolsoService like the integration routes, with 'equipe:<account id>' as who acted.
 * The roles of PAPEIS_REEMBOLSO (all three) may read and act; the console's search follows the same list.
 * Four eyes (issue 31, decision 0053): an approval above REEMBOLSO_QUATRO_OLHOS_ACIMA waits for a
 * supervisor or administrador other than its author (…/confirmacao) before it is 'aprovado', who may
 * also refuse it with a reason for the staff (…/recusa, decision 0065): back to 'em_analise'.
 * Who is on it (issue 31, decision 0055): a request is one protocol, so its owner and presence are
 * its protocol's (taken, released, assigned and heartbeated through /protocolos/:numero/…); the
 * queue shows and filters the owner, the request its version, owner and the others present, and
 * every change carries the version read: a stale one is refused (409 VERSAO_DESATUALIZADA).
 */

/** Who acts, as the console records it (the first parameter of its service's `auditar`). */
type QuemAtende = Parameters<FastifyInstance['services']['atendimento']['auditar']>[0];

/**
 * What the console hands in when it registers these routes (modules/atendimento/routes.ts): who
 * acts, the member at a glance and the CPF mask are the console's, so this area imports none of its
 * code (an area never imports back the area that registers it).
 */
export interface DoConsole {
  quemAtende(request: FastifyRequest): QuemAtende;
  contextoDoMembro(q: Queryable, codigoContrato: string, exceto: string, hoje: string): Promise<ContextoDoMembro>;
  mascararCpf(cpf: string): string;
}

/** Who may confirm an approval awaiting confirmation (never its author: the service refuses it). */
const SUPERVISAO: readonly PapelEquipe[] = ['supervisor', 'administrador'];

/** A request as ReembolsoService gives it to the operator (unmasked bank data, contract, beneficiary code). */
type ReembolsoOperador = Awaited<ReturnType<ReembolsoService['detalheOperador']>>;

const ERROS = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Sem sessão da equipe, ou sessão expirada.'),
  403: apiErrorSchema.describe('O perfil não permite a ação, ou falta o cabeçalho x-portal-equipe.'),
  404: apiErrorSchema.describe('Reembolso ou anexo não encontrado.'),
} as const;

const ERROS_DA_MUDANCA = {
  ...ERROS,
  409: apiErrorSchema.describe(
    'A situação atual não permite a mudança, ou o pedido mudou desde que a tela o leu (VERSAO_DESATUALIZADA).',
  ),
  422: apiErrorSchema.describe('Regra não atendida (valor acima do pago, data inválida).'),
} as const;

const ABERTAS: readonly SituacaoReembolso[] = ['recebido', 'em_analise', 'pendente', 'aprovado'];
/** Situations in which the legal payment deadline still runs. */
const PRAZO_CORRENDO: readonly SituacaoReembolso[] = ['recebido', 'em_analise', 'aprovado'];

const DIA_MS = 86_400_000;
const diasEntre = (de: string, ate: string) => Math.round((Date.parse(ate) - Date.parse(de)) / DIA_MS);

/** The deadline as the console shows it ('Atrasado', 'Vence hoje'). */
export function prazoDoReembolso(r: { situacao: SituacaoReembolso; prazoPagamento: string | null }, hoje: string) {
  const correndo = PRAZO_CORRENDO.includes(r.situacao) && r.prazoPagamento !== null;
  const diasRestantes = correndo && r.prazoPagamento ? diasEntre(hoje, r.prazoPagamento) : null;
  return {
    diasRestantes,
    atrasado: diasRestantes !== null && diasRestantes < 0,
    venceHoje: diasRestantes === 0,
  };
}

const por = (quem: QuemAtende) => `equipe:${quem.equipe.conta.id}`;

export const reembolsosAtendimentoRoutes: FastifyPluginAsyncZod<DoConsole> = async (
  app,
  { quemAtende, contextoDoMembro, mascararCpf },
) => {
  const { atendimento, reembolso } = app.services;
  const hoje = () => diaEmSaoPaulo(app.clock.now());

  const { quatroOlhosAcimaCentavos, diasDePagamento } = app.config.reembolso;

  const detalhe = async (r: ReembolsoOperador, quem: QuemAtende): Promise<ReembolsoAtendimento> => {
    const d = hoje();
    const [contexto, responsavel, presentes] = await Promise.all([
      contextoDoMembro(app.db, r.codigoContrato, r.protocolo, d),
      atendimento.quemEsta.responsavel(r.protocolo),
      atendimento.quemEsta.presentes(r.protocolo, quem.equipe.conta.id),
    ]);
    // The run after the day it was approved (the last 'aprovado' of the history), unless it is still to come.
    const aprovadoEm = r.historico.findLast((e) => e.situacao === 'aprovado')?.em;
    const rodada = aprovadoEm ? proximaRodadaDePagamento(diaEmSaoPaulo(Date.parse(aprovadoEm)), diasDePagamento) : d;
    return {
      ...r,
      ...prazoDoReembolso(r, d),
      contexto,
      responsavel,
      presentes,
      cpfBeneficiario: mascararCpf(r.cpfBeneficiario),
      quatroOlhosAcima: quatroOlhosAcimaCentavos / 100,
      proximoPagamento: proximaRodadaDePagamento(d, diasDePagamento),
      pagoEmSugerido: r.situacao === 'aprovado' ? (rodada < d ? rodada : d) : null,
      // The same receipt on other requests, of any member: where fraud shows (decision 0056).
      reciboRepetido: await reembolso.reciboRepetido(r),
    };
  };

  app.get(
    '/reembolsos',
    {
      config: { papeis: PAPEIS_REEMBOLSO },
      schema: {
        summary: 'Reembolsos por prazo legal de pagamento (os pendentes, sem prazo correndo, por último)',
        querystring: reembolsosAtendimentoQuerySchema,
        response: { 200: reembolsosAtendimentoResponseSchema, ...ERROS },
      },
    },
    async (request) => {
      const { situacao, limite, responsavel } = request.query;
      const quem = quemAtende(request);
      const situacoes =
        situacao === 'abertos' ? ABERTAS : situacao === 'todos' ? SITUACOES_REEMBOLSO : [situacao as SituacaoReembolso];
      const dono = responsavel === 'eu' ? quem.equipe.conta.id : responsavel === 'ninguem' ? null : undefined;
      const lista = await reembolso.filaOperador(limite, situacoes, dono);
      // A list of names is a read of member data too (LGPD art. 37): one row per page.
      await atendimento.auditar(quem, 'equipe_leu_reembolsos', {
        detalhe: { filtros: { situacao, limite, ...(responsavel ? { responsavel } : {}) }, reembolsos: lista.length },
      });
      const d = hoje();
      const protocolos = lista.map((r) => r.protocolo);
      const [repetidos, donos] = await Promise.all([
        reembolso.comReciboRepetido(protocolos),
        reembolso.responsaveis(protocolos),
      ]);
      const itens: ItemReembolsoAtendimento[] = lista.map((r) => ({
        protocolo: r.protocolo,
        tipo: r.tipo,
        beneficiario: r.beneficiario,
        dataAtendimento: r.dataAtendimento,
        prestador: r.prestador,
        valorPago: r.valorPago,
        situacao: r.situacao,
        prazoPagamento: r.prazoPagamento,
        valorAprovado: r.valorAprovado,
        criadoEm: r.criadoEm,
        codigoContrato: r.codigoContrato,
        ...prazoDoReembolso(r, d),
        reciboRepetido: repetidos.has(r.protocolo),
        responsavel: donos.get(r.protocolo) ?? null,
        // Four eyes at a glance (issue 31): what a supervisor is to confirm, what the approver is to redo.
        quatroOlhos: r.aprovacaoPendente ? 'aguardando-confirmacao' : r.aprovacaoRecusada ? 'recusada' : null,
      }));
      return { itens };
    },
  );

  app.get(
    '/reembolsos/:protocolo',
    {
      config: { papeis: PAPEIS_REEMBOLSO },
      schema: {
        summary: 'Um reembolso: pedido, beneficiário, prestador, valores, dados bancários, anexos e histórico',
        params: protocoloReembolsoParamsSchema,
        response: { 200: reembolsoAtendimentoSchema, ...ERROS },
      },
    },
    async (request) => {
      const quem = quemAtende(request);
      const r = await reembolso.detalheOperador(request.params.protocolo);
      const resposta = await detalhe(r, quem);
      // What the screen showed of the member (decision 0057), not only that the case was opened; the
      // other requests with the same receipt are other members' data read too: named in the row.
      const outros = resposta.reciboRepetido.outros.map((o) => o.protocolo);
      await atendimento.auditar(quem, 'equipe_leu_reembolso', {
        protocolo: r.protocolo,
        codigoContrato: r.codigoContrato,
        detalhe: {
          mostrado: resumoDoContexto(resposta.contexto),
          ...(outros.length ? { reciboRepetidoEm: outros } : {}),
        },
      });
      return resposta;
    },
  );

  app.get(
    '/reembolsos/:protocolo/anexos/:id',
    {
      config: { papeis: PAPEIS_REEMBOLSO },
      schema: {
        summary: 'Os bytes de um anexo (PDF, JPEG ou PNG; leitura registrada na auditoria)',
        params: anexoReembolsoParamsSchema,
        response: {
          200: {
            description: 'O arquivo (PDF, JPEG ou PNG), para baixar.',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...ERROS,
        },
      },
    },
    async (request, reply) => {
      const { protocolo, id } = request.params;
      const r = await reembolso.detalheOperador(protocolo);
      const a = await reembolso.anexoOperador(protocolo, id);
      await atendimento.auditar(quemAtende(request), 'equipe_baixou_anexo_reembolso', {
        protocolo,
        codigoContrato: r.codigoContrato,
        detalhe: { anexo: id, documento: a.anexo.documento },
      });
      // Only the three kinds stored (a HEIC photo is kept as JPEG); anything else is bytes to save.
      const tipo = ['application/pdf', 'image/jpeg', 'image/png'].includes(a.anexo.tipoArquivo)
        ? a.anexo.tipoArquivo
        : 'application/octet-stream';
      return reply
        .type(tipo)
        .header('content-disposition', contentDisposition(a.anexo.nomeArquivo))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(a.stream as never);
    },
  );

  const mudanca = <S extends z.ZodType>(
    caminho: string,
    evento: string,
    summary: string,
    body: S,
    fazer: (protocolo: string, corpo: z.output<S>, quem: string, conta: string) => Promise<ReembolsoOperador>,
    papeis: readonly PapelEquipe[] = PAPEIS_REEMBOLSO,
    /** More of what the audit row records (a refusal: the amount refused and its reason). */
    extra: (r: ReembolsoOperador) => Record<string, unknown> = () => ({}),
  ) =>
    app.post(
      `/reembolsos/:protocolo/${caminho}`,
      {
        config: { papeis },
        schema: {
          summary,
          params: protocoloReembolsoParamsSchema,
          body,
          response: { 200: reembolsoAtendimentoSchema, ...ERROS_DA_MUDANCA },
        },
      },
      async (request) => {
        const quem = quemAtende(request);
        const { protocolo } = request.params as z.infer<typeof protocoloReembolsoParamsSchema>;
        const r = await fazer(protocolo, request.body as z.output<S>, por(quem), quem.equipe.conta.id);
        await atendimento.auditar(quem, evento, {
          protocolo: r.protocolo,
          codigoContrato: r.codigoContrato,
          detalhe: {
            situacao: r.situacao,
            ...(r.aprovacaoPendente ? { aguardaConfirmacao: true, valor: r.aprovacaoPendente.valor } : {}),
            ...extra(r),
          },
        });
        return detalhe(r, quem);
      },
    );

  mudanca(
    'analise',
    'equipe_analisou_reembolso',
    'Inicia a análise (recebido → em_analise)',
    iniciarAnaliseReembolsoRequestSchema,
    (p, b, quem) => reembolso.iniciarAnalise(p, quem, b?.versao),
  );
  mudanca(
    'pendencia',
    'equipe_pediu_documentos_reembolso',
    'Pede documentos (→ pendente; o prazo de 30 dias fica parado até o envio)',
    pedirDocumentosReembolsoRequestSchema,
    (p, b, quem) => {
      // The checklist's documents, then the free text (decision 0057); the member reads at most 1000 characters.
      const pergunta = textoDoPedidoDeDocumentos(b.documentos ?? [], b.pergunta);
      if (pergunta.length > 1000)
        throw dadosInvalidos('O pedido ficou com mais de 1000 caracteres com a lista de documentos: encurte o texto.');
      return reembolso.pedirDocumentos(p, pergunta, quem, b.versao, b.documentos ?? []);
    },
  );
  mudanca(
    'aprovacao',
    'equipe_aprovou_reembolso',
    'Aprova (valor em reais, data prevista de pagamento); acima do limite, aguarda a confirmação de um supervisor',
    aprovarReembolsoRequestSchema,
    (p, b, quem, conta) =>
      reembolso.aprovar(
        p,
        { valor: b.valor, previsaoPagamento: b.previsaoPagamento },
        quem,
        { conta, acimaCentavos: quatroOlhosAcimaCentavos },
        b.versao,
      ),
  );
  mudanca(
    'confirmacao',
    'equipe_confirmou_aprovacao_reembolso',
    'Confirma uma aprovação acima do limite (supervisor ou administrador que não a fez) → aprovado',
    confirmarAprovacaoReembolsoRequestSchema,
    (p, b, quem, conta) =>
      reembolso.confirmarAprovacao(
        p,
        conta,
        b.previsaoPagamento ? { previsaoPagamento: b.previsaoPagamento } : {},
        quem,
        b.versao,
      ),
    SUPERVISAO,
  );
  mudanca(
    'recusa',
    'equipe_recusou_aprovacao_reembolso',
    'Recusa uma aprovação acima do limite (supervisor ou administrador que não a fez; motivo só para a equipe) → em_analise',
    recusarAprovacaoReembolsoRequestSchema,
    (p, b, quem, conta) => reembolso.recusarAprovacao(p, conta, b.motivo, quem, b.versao),
    SUPERVISAO,
    (r) =>
      r.aprovacaoRecusada
        ? { valorRecusado: r.aprovacaoRecusada.valor, aprovadaPor: r.aprovacaoRecusada.aprovadaPor.id }
        : {},
  );
  mudanca(
    'negativa',
    'equipe_negou_reembolso',
    'Nega (com o motivo, que o beneficiário lê)',
    negarReembolsoRequestSchema,
    (p, b, quem) => reembolso.negar(p, b.motivo, quem, b.versao),
  );
  mudanca(
    'pagamento',
    'equipe_marcou_reembolso_pago',
    'Marca como pago (aprovado → pago)',
    marcarPagoReembolsoRequestSchema,
    (p, b, quem) => reembolso.marcarPago(p, b.pagoEm ? { pagoEm: b.pagoEm } : {}, quem, b.versao),
  );
};
