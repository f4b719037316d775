import { Readable } from 'node:stream';
import { diaEmSaoPaulo, formatBRL, formatDate } from '@portal/br';
import {
  type AnexoReembolso,
  type AprovacaoRecusada,
  DOCUMENTOS_USUAIS,
  type DocumentoUsual,
  MAXIMO_MOTIVO_RECUSA,
  MENSAGEM_REEMBOLSO_DESATUALIZADO,
  ROTULOS_SITUACAO_REEMBOLSO,
  type ReembolsoDetalhe,
  type SituacaoReembolso,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { AppError } from '../../lib/app-error';
import { avisoAoMembro, destinoDoMembro, type EntregaPendente } from '../../core/notificacoes/service';
import {
  aguardaConfirmacao,
  type AprovacaoPendente,
  aprovacaoPendente,
  aprovacaoRecusada,
  aprovado,
  JA_AGUARDA,
  type QuatroOlhos,
  SEM_PROPOSTA,
  SEM_RECUSA,
  validarAprovacao,
} from './aprovacao';
import { anexoPublico, centavos, iso, naoEncontrado, ReembolsoBase, reais, regra } from './comum';
import type { ReembolsoRepository, ReembolsoRow } from './repository';

/** A request as the operator reads it (console, integration API). */
export type ReembolsoOperador = ReembolsoDetalhe & {
  codigoContrato: string;
  codigoBeneficiario: string;
  /** The CPF of who received the care (11 digits; the console shows it masked). */
  cpfBeneficiario: string;
  dadosPagamento: Record<string, string>;
  /** An approval of the console awaiting a second person's confirmation (decision 0053). */
  aprovacaoPendente: AprovacaoPendente | null;
  /** The last approval a supervisor refused, while the request is back in analysis (decision 0065). */
  aprovacaoRecusada: AprovacaoRecusada | null;
  /** The member confirmed sending a receipt their contract had already sent (decision 0056). */
  reciboRepetidoConfirmado: boolean;
  /** Its protocol's version (decision 0055): the console's actions send it back. */
  versao: number;
};

/**
 * The operator's side of Reembolso (service.ts delegates to it; the staff console and the
 * integration API call these): the queue by legal deadline, a request and its attachments, analysis,
 * a question ('pendente'), approval (with four eyes from the console), denial, payment — each writes
 * the history, the `reembolso.atualizado` event and the member's notice in one transaction.
 */
export class ReembolsoDoOperador extends ReembolsoBase {
  // --- Reading -----------------------------------------------------------------------------------

  /** Open requests by legal deadline, the nearest first ('pendente', with the clock stopped, last). */
  async filaOperador(
    limite = 50,
    situacoes: readonly SituacaoReembolso[] = ['recebido', 'em_analise', 'pendente', 'aprovado'],
    /** An account id: only its requests ('Minha fila'); null: only those nobody took (decision 0055). */
    responsavel?: string | null,
  ): Promise<ReembolsoOperador[]> {
    const rows = await this.repo.fila(Math.min(Math.max(limite, 1), 200), situacoes, responsavel);
    return Promise.all(rows.map((r) => this.detalharOperador(r)));
  }

  /** Who of the staff each request is with: its protocol's owner (decision 0055). */
  responsaveis(protocolos: string[]) {
    return this.repo.responsaveis(protocolos);
  }

  /** One request as the operator sees it: with contract, beneficiary code and the unmasked bank data. */
  async detalheOperador(protocolo: string): Promise<ReembolsoOperador> {
    const r = await this.repo.porProtocolo(protocolo);
    if (!r) throw naoEncontrado();
    return this.detalharOperador(r);
  }

  private async detalharOperador(r: ReembolsoRow): Promise<ReembolsoOperador> {
    return {
      ...(await this.detalhar(this.repo, r)),
      codigoContrato: r.codigoContrato,
      codigoBeneficiario: r.codigoBeneficiario,
      cpfBeneficiario: r.cpfBeneficiario,
      dadosPagamento: r.pagamento,
      aprovacaoPendente: aprovacaoPendente(r),
      aprovacaoRecusada: aprovacaoRecusada(r),
      reciboRepetidoConfirmado: r.reciboRepetidoConfirmado,
      versao: r.versao,
    };
  }

  /** An attachment of a request, its bytes streamed part by part (the console's viewer, the integration). */
  async anexoOperador(protocolo: string, id: string): Promise<{ anexo: AnexoReembolso; stream: Readable }> {
    const anexo = (await this.repo.anexosDoReembolso(protocolo)).find((a) => a.id === id);
    if (!anexo) throw new AppError(404, 'NAO_ENCONTRADO', 'Anexo não encontrado.');
    return { anexo: anexoPublico(anexo), stream: Readable.from(this.repo.bytesDoAnexo(id)) };
  }

  /** Which of these requests are possible duplicates (the console's list). */
  comReciboRepetido(protocolos: string[]): Promise<Set<string>> {
    return this.repo.comReciboRepetido(protocolos);
  }

  /** For the staff: the other requests with this request's receipt, of any member (decision 0056). */
  async reciboRepetido(r: { protocolo: string; reciboRepetidoConfirmado: boolean }) {
    const outros = await this.repo.outrosPedidosDoRecibo(r.protocolo);
    return {
      confirmadoPeloBeneficiario: r.reciboRepetidoConfirmado,
      outros: outros.map((o) => ({ ...o, criadoEm: iso(o.criadoEm) })),
    };
  }

  // --- Decisions ---------------------------------------------------------------------------------

  iniciarAnalise(protocolo: string, por: string, versao?: number) {
    return this.mudar(
      protocolo,
      por,
      ['recebido'],
      'em_analise',
      () => ({
        campos: {},
        descricao: 'Pedido em análise pela operadora.',
        aviso: (r) => `o reembolso ${r.protocolo} está em análise.`,
      }),
      versao,
    );
  }

  /**
   * 'pendente' with the operator's question: the legal clock stops until the member answers.
   * `documentos`: the console checklist's ticks, kept as data (decision 0067); the integration API
   * sends free text only.
   */
  pedirDocumentos(
    protocolo: string,
    pergunta: string,
    por: string,
    versao?: number,
    documentos: readonly DocumentoUsual[] = [],
  ) {
    const texto = pergunta.trim();
    if (!texto) throw regra('Escreva o que falta para o beneficiário.');
    const documentosPedidos = DOCUMENTOS_USUAIS.filter((d) => documentos.includes(d));
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise'],
      'pendente',
      () => ({
        campos: {
          pergunta: texto.slice(0, 1000),
          documentosPedidos,
          documentacaoCompletaEm: null,
          prazoPagamento: null,
          ...SEM_PROPOSTA,
        },
        descricao: `Documentos pendentes: ${texto}`,
        aviso: (r) =>
          `o reembolso ${r.protocolo} precisa de documentos: ${texto}. Envie pelo portal, em Reembolso; ` +
          'o prazo de 30 dias recomeça quando a documentação estiver completa.',
      }),
      versao,
    );
  }

  /**
   * Approves; from the console (`quatroOlhos`), an amount above the threshold is only proposed: it
   * awaits a supervisor's confirmation and nothing reaches the member or the webhooks until then.
   */
  async aprovar(
    protocolo: string,
    a: { valor: number; previsaoPagamento: string },
    por: string,
    quatroOlhos?: QuatroOlhos,
    versao?: number,
  ): Promise<ReembolsoOperador> {
    const valor = centavos(a.valor);
    if (quatroOlhos && valor > quatroOlhos.acimaCentavos) {
      await this.d.db.transaction(async (tx) => {
        const repo = this.repo.com(tx);
        const r = await repo.porProtocolo(protocolo, { bloquear: true });
        if (!r) throw naoEncontrado();
        await conferirVersao(repo, protocolo, versao);
        exigirSituacao(r, ['recebido', 'em_analise'], 'aprovado');
        if (aguardaConfirmacao(r)) throw JA_AGUARDA();
        validarAprovacao(r, a, diaEmSaoPaulo(this.agora().getTime()));
        await repo.atualizar(r.protocolo, this.agora(), {
          aprovacaoPropostaCentavos: valor,
          aprovacaoPropostaPrevisao: a.previsaoPagamento,
          aprovacaoPropostaPor: quatroOlhos.conta,
          aprovacaoPropostaEm: this.agora(),
          aprovacaoConfirmadaPor: null,
          aprovacaoConfirmadaEm: null,
          ...SEM_RECUSA,
        });
      });
      return this.detalheOperador(protocolo);
    }
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise'],
      'aprovado',
      (r, hoje) => {
        if (aguardaConfirmacao(r)) throw JA_AGUARDA();
        validarAprovacao(r, a, hoje);
        return {
          campos: { valorAprovadoCentavos: valor, previsaoPagamento: a.previsaoPagamento, ...SEM_PROPOSTA },
          ...aprovado(r, valor, a.previsaoPagamento),
        };
      },
      versao,
    );
  }

  /**
   * The second person confirms an approval awaiting confirmation: it becomes 'aprovado' as any
   * other (history, event, notice). Never its author (the database refuses it too).
   */
  confirmarAprovacao(
    protocolo: string,
    conta: string,
    p: { previsaoPagamento?: string },
    por: string,
    versao?: number,
  ) {
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise'],
      'aprovado',
      (r, hoje) => {
        if (!aguardaConfirmacao(r)) {
          throw new AppError(409, 'JA_REGISTRADO', 'Este reembolso não tem aprovação aguardando confirmação.');
        }
        if (r.aprovacaoPropostaPor === conta) {
          throw regra('Quem aprovou não pode confirmar a própria aprovação: a confirmação é de outro supervisor.');
        }
        const valor = r.aprovacaoPropostaCentavos ?? 0;
        const previsao = p.previsaoPagamento ?? r.aprovacaoPropostaPrevisao ?? '';
        if (previsao < hoje) {
          throw regra(`A data prevista de pagamento (${formatDate(previsao)}) já passou: informe uma nova data.`);
        }
        return {
          campos: {
            valorAprovadoCentavos: valor,
            previsaoPagamento: previsao,
            aprovacaoConfirmadaPor: conta,
            aprovacaoConfirmadaEm: this.agora(),
          },
          ...aprovado(r, valor, previsao),
        };
      },
      versao,
    );
  }

  /**
   * A supervisor who is not its author refuses an approval awaiting confirmation (decision 0065): the
   * proposal is dropped, the request is back in analysis, the refusal is kept for the console to tell
   * the approver, and the reason is an internal note — never a line of the member's history, a
   * notice or a webhook. A request still 'recebido' moves to 'em_analise' as any analysis does.
   */
  async recusarAprovacao(
    protocolo: string,
    conta: string,
    motivo: string,
    por: string,
    versao?: number,
  ): Promise<ReembolsoOperador> {
    const texto = motivo.trim();
    if (!texto) throw regra('Escreva o motivo da recusa.');
    if (texto.length > MAXIMO_MOTIVO_RECUSA)
      throw regra(`O motivo da recusa tem no máximo ${MAXIMO_MOTIVO_RECUSA} caracteres.`);
    const agora = this.agora();
    const entregas: EntregaPendente[] = [];
    await this.d.db.transaction(async (tx) => {
      const repo = this.repo.com(tx);
      const r = await repo.porProtocolo(protocolo, { bloquear: true });
      if (!r) throw naoEncontrado();
      await conferirVersao(repo, protocolo, versao);
      if (!aguardaConfirmacao(r) || r.aprovacaoPropostaPor === null || r.aprovacaoPropostaCentavos === null) {
        throw new AppError(409, 'JA_REGISTRADO', 'Este reembolso não tem aprovação aguardando confirmação.');
      }
      if (r.aprovacaoPropostaPor === conta) {
        throw regra('Quem aprovou não pode recusar a própria aprovação: a recusa é de outro supervisor.');
      }
      await repo.atualizar(r.protocolo, agora, {
        ...SEM_PROPOSTA,
        situacao: 'em_analise',
        aprovacaoRecusadaCentavos: r.aprovacaoPropostaCentavos,
        aprovacaoRecusadaDe: r.aprovacaoPropostaPor,
        aprovacaoRecusadaPor: conta,
        aprovacaoRecusadaEm: agora,
        aprovacaoRecusadaMotivo: texto,
      });
      const valor = formatBRL(reais(r.aprovacaoPropostaCentavos));
      const autor = r.aprovacaoPropostaPorNome ?? 'outra pessoa da equipe';
      await repo.notaInterna(
        r.protocolo,
        `Aprovação de ${valor} feita por ${autor} recusada. O pedido voltou para análise. Motivo: ${texto}`,
        conta,
        agora,
      );
      if (r.situacao !== 'recebido') return;
      const descricao = 'Pedido em análise pela operadora.';
      await repo.registrarEvento(r.protocolo, agora, 'em_analise', descricao, por);
      await this.mudouProtocolo(tx, r, 'em_analise', agora, r.prazoPagamento, descricao);
      await this.evento(tx, r, 'em_analise', r.prazoPagamento);
      const entrega = await this.avisar(
        tx,
        r.cpf,
        `reembolso ${r.protocolo}: ${ROTULOS_SITUACAO_REEMBOLSO.em_analise.toLowerCase()}`,
        `o reembolso ${r.protocolo} está em análise.`,
      );
      if (entrega) entregas.push(entrega);
    });
    this.d.notifier.entregar(entregas);
    this.d.webhooks.depoisDoCommit();
    return this.detalheOperador(protocolo);
  }

  negar(protocolo: string, motivo: string, por: string, versao?: number) {
    const texto = motivo.trim();
    if (!texto) throw regra('Informe o motivo da negativa.');
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise', 'pendente'],
      'negado',
      () => ({
        campos: { motivoNegativa: texto.slice(0, 1000), pergunta: null, ...SEM_PROPOSTA },
        descricao: `Reembolso negado: ${texto}`,
        aviso: (r) => `o reembolso ${r.protocolo} foi negado. Motivo: ${texto}`,
      }),
      versao,
    );
  }

  marcarPago(protocolo: string, p: { pagoEm?: string }, por: string, versao?: number) {
    return this.mudar(
      protocolo,
      por,
      ['aprovado'],
      'pago',
      (r, hoje) => {
        const pagoEm = p.pagoEm ?? hoje;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(pagoEm) || pagoEm > hoje) throw regra('Data de pagamento inválida.');
        const valor = formatBRL(reais(r.valorAprovadoCentavos ?? 0));
        return {
          campos: { pagoEm },
          descricao: `Reembolso pago: ${valor} em ${formatDate(pagoEm)}.`,
          aviso: () => `o reembolso ${r.protocolo} foi pago: ${valor} em ${formatDate(pagoEm)}.`,
        };
      },
      versao,
    );
  }

  /** One operator change: checked against the current status, written with its history, event and notice. */
  private async mudar(
    protocolo: string,
    por: string,
    de: readonly SituacaoReembolso[],
    para: SituacaoReembolso,
    montar: (
      r: ReembolsoRow,
      hoje: string,
    ) => {
      campos: Parameters<ReembolsoRepository['atualizar']>[2];
      descricao: string;
      aviso: (r: ReembolsoRow) => string;
    },
    versao?: number,
  ): Promise<ReembolsoOperador> {
    const agora = this.agora();
    const hoje = diaEmSaoPaulo(agora.getTime());
    const entregas: EntregaPendente[] = [];
    const mudado = await this.d.db.transaction(async (tx) => {
      const repo = this.repo.com(tx);
      const r = await repo.porProtocolo(protocolo, { bloquear: true });
      if (!r) throw naoEncontrado();
      await conferirVersao(repo, protocolo, versao);
      // The status alone would refuse it too ('em análise'), but without saying why.
      if (para === 'pago' && aguardaConfirmacao(r)) {
        throw new AppError(
          409,
          'JA_REGISTRADO',
          'A aprovação deste reembolso aguarda a confirmação de um supervisor: o pagamento só pode ser marcado depois dela.',
        );
      }
      exigirSituacao(r, de, para);
      const m = montar(r, hoje);
      await repo.atualizar(r.protocolo, agora, { ...m.campos, situacao: para });
      await repo.registrarEvento(r.protocolo, agora, para, m.descricao, por);
      const prazo = 'prazoPagamento' in m.campos ? (m.campos.prazoPagamento ?? null) : r.prazoPagamento;
      await this.mudouProtocolo(tx, r, para, agora, prazo, m.descricao);
      await this.evento(tx, r, para, prazo);
      const entrega = await this.avisar(
        tx,
        r.cpf,
        `reembolso ${r.protocolo}: ${ROTULOS_SITUACAO_REEMBOLSO[para].toLowerCase()}`,
        m.aviso(r),
      );
      if (entrega) entregas.push(entrega);
      return r.protocolo;
    });
    this.d.notifier.entregar(entregas);
    this.d.webhooks.depoisDoCommit();
    return this.detalheOperador(mudado);
  }

  private async avisar(tx: Queryable, cpf: string, assunto: string, texto: string): Promise<EntregaPendente | null> {
    const destino = await destinoDoMembro(tx, cpf);
    if (!destino) return null;
    return this.d.notifier.registrar(tx, { ...destino, ...avisoAoMembro(this.d.operadora.nome, assunto, texto) });
  }
}

/**
 * Optimistic concurrency (decision 0055): the version the console's screen read, checked under the
 * request's row lock against its protocol's version as it is now. Undefined (the integration API,
 * a console page loaded before the version existed): not checked.
 */
async function conferirVersao(repo: ReembolsoRepository, protocolo: string, esperada: number | undefined) {
  if (esperada === undefined) return;
  if ((await repo.versaoTravada(protocolo)) !== esperada)
    throw new AppError(409, 'VERSAO_DESATUALIZADA', MENSAGEM_REEMBOLSO_DESATUALIZADO);
}

function exigirSituacao(r: ReembolsoRow, de: readonly SituacaoReembolso[], para: SituacaoReembolso): void {
  if (de.includes(r.situacao)) return;
  throw new AppError(
    409,
    'JA_REGISTRADO',
    `O reembolso está ${ROTULOS_SITUACAO_REEMBOLSO[r.situacao].toLowerCase()} e não pode passar a ${ROTULOS_SITUACAO_REEMBOLSO[para].toLowerCase()}.`,
  );
}
