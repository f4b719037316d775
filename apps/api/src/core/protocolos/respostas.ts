import { createHash } from 'node:crypto';
import { diaEmSaoPaulo, ehDiaUtil, somarDias } from '@portal/br';
import { formatarNumeroProtocolo, MENSAGEM_VERSAO_DESATUALIZADA, ROTULOS_SITUACAO_PROTOCOLO } from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError, dadosInvalidos } from '../../lib/app-error';
import { aguardaResposta, descricaoDoPrazo, estaAtrasado } from '../../lib/prazos';
import type { Origin } from '../../lib/request';
import type { AuditRepository } from '../auditoria/repository';
import { destinoDoMembro, type EntregaPendente, type Notifier } from '../notificacoes/service';
import {
  FilaDeProtocolosRepository,
  type ProtocoloDaFila,
  type RespostaGravada,
  type SituacaoProtocolo,
  type TipoProtocolo,
} from './repository';

/** The attached PDF's limit (decision 0032). */
export const PDF_MAXIMO_BYTES = 5 * 1024 * 1024;

/** Statuses that answer a protocol (RN 623/2024: a conclusive answer; 'em análise' is not one). */
export const SITUACOES_DE_RESPOSTA = ['CONCLUIDO', 'CANCELADO'] as const satisfies readonly SituacaoProtocolo[];

/**
 * Who hears that a protocol changed (webhooks out): called inside the answer's transaction, so a
 * rolled-back answer tells no one and a committed one is never lost. WebhooksService fits it.
 */
export interface OuvinteDeAtualizacoes {
  protocoloAtualizado(
    tx: Queryable,
    p: {
      protocolo: string;
      tipo: TipoProtocolo;
      situacao: string;
      prazoResposta: string;
      codigoContrato: string;
      codigoBeneficiario: string | null;
    },
  ): Promise<void>;
  depoisDoCommit(): void;
}

/**
 * Who answers, and where from (audit): an integration key (decision 0032) or a staff account of
 * the console (decision 0033), whose name the member's answer PDF shows.
 */
export type Operador = { origin: Origin } & ({ chaveId: string } | { equipe: { id: string; nome: string } });

/** `respondido_por` as stored: 'integracao:<key id>' or 'equipe:<account id>'. */
export const respondidoPorDe = (quem: Operador) =>
  'chaveId' in quem ? `integracao:${quem.chaveId}` : `equipe:${quem.equipe.id}`;

/** Who it was, for the audit row's detail. */
const autorDe = (quem: Operador) => ('chaveId' in quem ? { chaveId: quem.chaveId } : { contaEquipe: quem.equipe.id });

/**
 * What changes beside the answer, in its transaction (the console's kind-specific decisions: a
 * dependant approved, a correction applied); runs only when the answer is not a repetition.
 */
export type EfeitoDaResposta = (tx: Queryable, p: { cpf: string; codigoContrato: string }) => Promise<void>;

const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Protocolo não encontrado.');

/**
 * Optimistic concurrency (decision 0055): the version the caller read, checked under the row lock,
 * after the check for the same step repeated (a double click or a retry changes nothing and is not
 * refused). Undefined (the integration API, a console page loaded before the version existed): not
 * checked.
 */
function conferirVersao(atual: RespostaGravada, esperada: number | undefined) {
  if (esperada !== undefined && atual.versao !== esperada)
    throw new AppError(409, 'VERSAO_DESATUALIZADA', MENSAGEM_VERSAO_DESATUALIZADA);
}
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Business days from `hoje` to `prazo` with the national holidays (packages/br): 0 on the day
 * itself, negative once overdue (how many business days late).
 */
export function diasUteisAte(hoje: string, prazo: string): number {
  if (hoje === prazo) return 0;
  const passo = prazo > hoje ? 1 : -1;
  let n = 0;
  for (let d = hoje; d !== prazo;) {
    d = somarDias(d, passo);
    if (ehDiaUtil(d)) n += passo;
  }
  return n;
}

/** The cursor of the queue: where the last page ended (deadline and number), opaque to the caller. */
export function lerCursor(cursor: string): { prazo: string; numero: string } {
  const [prazo, numero] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!prazo || !numero || !/^\d{4}-\d{2}-\d{2}$/.test(prazo) || !/^\d{1,20}$/.test(numero))
    throw dadosInvalidos('Cursor inválido. Use o valor de proximoCursor da página anterior.');
  return { prazo, numero };
}
const cursorDe = (p: ProtocoloDaFila) => Buffer.from(`${p.prazoResposta}|${p.numero.trim()}`).toString('base64url');

/** The %PDF- header, then the size: an attachment is checked by its content, not its name. */
export function lerPdf(base64: string): Buffer {
  const limpo = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(limpo)) throw dadosInvalidos('pdfBase64 não é um texto base64 válido.');
  if (Math.floor((limpo.length * 3) / 4) > PDF_MAXIMO_BYTES + 3)
    throw new AppError(413, 'PAYLOAD_GRANDE', 'O PDF passa do limite de 5 MB.');
  const pdf = Buffer.from(limpo, 'base64');
  if (pdf.length > PDF_MAXIMO_BYTES) throw new AppError(413, 'PAYLOAD_GRANDE', 'O PDF passa do limite de 5 MB.');
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw dadosInvalidos('O arquivo enviado não é um PDF (o conteúdo não começa com %PDF-).');
  return pdf;
}

/**
 * The operator's side of 'Meus Protocolos' (issue 17 "Answers back", decision 0032): its queue by
 * deadline, one protocol, and the answer — in one transaction the protocol, its history, the audit
 * row with the key, the protocolo.atualizado webhook and the member's notice; a repeated identical
 * answer changes nothing and tells no one again.
 */
export class RespostasDeProtocolosService {
  constructor(
    private readonly db: Db,
    private readonly operadora: { nome: string },
    private readonly notifier: Notifier,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    private readonly ouvinte?: OuvinteDeAtualizacoes,
  ) {}

  private resumo(p: ProtocoloDaFila, hoje: string) {
    return {
      protocolo: p.numero.trim(),
      tipo: p.tipo,
      assunto: p.assunto,
      situacao: p.situacao,
      canal: p.canal,
      criadoEm: iso(p.criadoEm),
      prazoResposta: p.prazoResposta,
      prazoDescricao: descricaoDoPrazo(p.tipo),
      diasUteisRestantes: aguardaResposta(p.situacao) ? diasUteisAte(hoje, p.prazoResposta) : null,
      atrasado: estaAtrasado(p.situacao, p.prazoResposta, hoje),
      respondidoEm: p.respondidoEm ? iso(p.respondidoEm) : null,
      codigoContrato: p.codigoContrato,
      codigoBeneficiario: p.codigoBeneficiario,
    };
  }

  async listar(f: {
    situacao: 'abertos' | 'todos';
    tipo?: TipoProtocolo | undefined;
    venceAte?: string | undefined;
    cursor?: string | undefined;
    limite: number;
  }) {
    const linhas = await new FilaDeProtocolosRepository(this.db).listar({
      abertos: f.situacao === 'abertos',
      tipo: f.tipo,
      venceAte: f.venceAte,
      depoisDe: f.cursor ? lerCursor(f.cursor) : undefined,
      limite: f.limite + 1,
    });
    const hoje = diaEmSaoPaulo(this.clock.now());
    const pagina = linhas.slice(0, f.limite);
    const ultimo = pagina.at(-1);
    return {
      hoje,
      protocolos: pagina.map((p) => this.resumo(p, hoje)),
      proximoCursor: linhas.length > f.limite && ultimo ? cursorDe(ultimo) : null,
    };
  }

  /** One protocol with its history and answer; a read of a member's data, audited with the key. */
  async obter(numero: string, quem: Operador) {
    const repo = new FilaDeProtocolosRepository(this.db);
    const p = await repo.buscar(numero);
    if (!p) throw naoEncontrado();
    await this.audit.write('protocolo_lido_integracao', p.cpf, quem.origin, {
      ...autorDe(quem),
      protocolo: p.numero.trim(),
    });
    return this.detalhe(repo, p);
  }

  private async detalhe(repo: FilaDeProtocolosRepository, p: ProtocoloDaFila & { solicitante: string }) {
    const historico = await repo.historico(p.numero);
    return {
      ...this.resumo(p, diaEmSaoPaulo(this.clock.now())),
      solicitante: p.solicitante,
      resposta: p.resposta,
      respondidoPor: p.respondidoPor,
      historico: historico.map((e) => ({ em: iso(e.em), situacao: e.situacao, descricao: e.descricao })),
    };
  }

  async responder(
    numero: string,
    r: { status: SituacaoProtocolo; resposta: string; pdf: Buffer | null },
    quem: Operador,
    efeito?: EfeitoDaResposta,
    versao?: number,
  ) {
    if (!(SITUACOES_DE_RESPOSTA as readonly string[]).includes(r.status))
      throw new AppError(
        422,
        'DADOS_INVALIDOS',
        `'${ROTULOS_SITUACAO_PROTOCOLO[r.status]}' não é uma resposta: a RN 623/2024 exige resposta conclusiva no prazo. ` +
          `Use status CONCLUIDO ou CANCELADO.`,
      );
    const resposta = r.resposta.trim();
    const pdfSha256 = r.pdf ? createHash('sha256').update(r.pdf).digest('hex') : null;
    const entregas: EntregaPendente[] = [];
    let mudou = false;
    const atualizado = await this.db.transaction(async (tx) => {
      const repo = new FilaDeProtocolosRepository(tx);
      const atual = await repo.travar(numero);
      if (!atual) throw naoEncontrado();
      // A reimbursement is concluded by its own steps (approval and payment, or denial), which keep
      // its legal deadline and the member's history right (decision 0034).
      if (atual.tipo === 'REEMBOLSO')
        throw new AppError(
          422,
          'DADOS_INVALIDOS',
          'Protocolo de reembolso: responda por /api/integracao/v1/reembolsos (análise, pendência, aprovação, negativa, pagamento).',
        );
      const igual = atual.situacao === r.status && atual.resposta === resposta && atual.pdfSha256 === pdfSha256;
      if (!igual) {
        // The same answer again (a double click, a retry) is not stale: only a different one is checked.
        conferirVersao(atual, versao);
        mudou = true;
        const em = new Date(this.clock.now());
        await repo.responder({
          numero,
          situacao: r.status,
          resposta,
          em,
          por: respondidoPorDe(quem),
          pdf: r.pdf,
          pdfSha256,
        });
        await repo.registrarEvento(numero, em, r.status, resposta.slice(0, 2000));
      }
      const p = await repo.buscar(numero);
      if (!p) throw naoEncontrado();
      if (!igual) {
        await efeito?.(tx, { cpf: p.cpf, codigoContrato: p.codigoContrato });
        await this.audit.com(tx).write('protocolo_respondido', p.cpf, quem.origin, {
          ...autorDe(quem),
          protocolo: p.numero.trim(),
          situacao: r.status,
          anexo: pdfSha256 !== null,
        });
        await this.ouvinte?.protocoloAtualizado(tx, {
          protocolo: p.numero.trim(),
          tipo: p.tipo,
          situacao: p.situacao,
          prazoResposta: p.prazoResposta,
          codigoContrato: p.codigoContrato,
          codigoBeneficiario: p.codigoBeneficiario,
        });
        const aviso = await this.avisar(tx, p.cpf, p.numero.trim(), r.status);
        if (aviso) entregas.push(aviso);
      }
      return this.detalhe(repo, p);
    });
    // Only after the commit: a rolled-back answer sends nothing.
    this.notifier.entregar(entregas);
    if (mudou) this.ouvinte?.depoisDoCommit();
    return atualizado;
  }

  /**
   * The operator asks the member for more information (staff console, decision 0033): the protocol
   * goes back to 'Em análise' with an 'Aguardando informações' event the member reads, the member
   * is told and protocolo.atualizado goes out — in one transaction. Asking the same again changes
   * nothing; an answered protocol is not reopened this way.
   */
  async pedirInformacao(numero: string, texto: string, quem: Operador, versao?: number) {
    const descricao = `Aguardando informações: ${texto.trim()}`.slice(0, 2000);
    return this.registrarPasso(numero, quem, async (tx, repo, atual) => {
      if (!aguardaResposta(atual.situacao))
        throw new AppError(409, 'JA_REGISTRADO', 'Este protocolo já foi respondido: não é possível pedir informações.');
      const ultimo = await repo.ultimoEvento(numero);
      if (atual.situacao === 'EM_ANALISE' && ultimo?.descricao === descricao) return null;
      conferirVersao(atual, versao);
      await repo.mudarSituacao(numero, 'EM_ANALISE');
      await repo.registrarEvento(numero, new Date(this.clock.now()), 'EM_ANALISE', descricao);
      return { evento: 'protocolo_informacao_pedida' as const, avisar: true };
    });
  }

  /** Forwarded to another team (staff console): a line of the history only; the member is not told. */
  async encaminhar(numero: string, setor: string, texto: string, quem: Operador, versao?: number) {
    const descricao = `Encaminhado para ${setor.trim()}: ${texto.trim()}`.slice(0, 2000);
    return this.registrarPasso(numero, quem, async (tx, repo, atual) => {
      const ultimo = await repo.ultimoEvento(numero);
      if (ultimo?.descricao === descricao) return null;
      conferirVersao(atual, versao);
      await repo.registrarEvento(numero, new Date(this.clock.now()), atual.situacao, descricao);
      return { evento: 'protocolo_encaminhado' as const, avisar: false };
    });
  }

  /** One step that is not an answer, under the row lock; `passo` returns null when nothing changed. */
  private async registrarPasso(
    numero: string,
    quem: Operador,
    passo: (
      tx: Queryable,
      repo: FilaDeProtocolosRepository,
      atual: RespostaGravada,
    ) => Promise<{ evento: 'protocolo_informacao_pedida' | 'protocolo_encaminhado'; avisar: boolean } | null>,
  ) {
    const entregas: EntregaPendente[] = [];
    let avisou = false;
    const atualizado = await this.db.transaction(async (tx) => {
      const repo = new FilaDeProtocolosRepository(tx);
      const atual = await repo.travar(numero);
      if (!atual) throw naoEncontrado();
      const feito = await passo(tx, repo, atual);
      const p = await repo.buscar(numero);
      if (!p) throw naoEncontrado();
      if (feito) {
        await this.audit
          .com(tx)
          .write(feito.evento, p.cpf, quem.origin, { ...autorDe(quem), protocolo: p.numero.trim() });
        if (feito.avisar) {
          avisou = true;
          await this.ouvinte?.protocoloAtualizado(tx, {
            protocolo: p.numero.trim(),
            tipo: p.tipo,
            situacao: p.situacao,
            prazoResposta: p.prazoResposta,
            codigoContrato: p.codigoContrato,
            codigoBeneficiario: p.codigoBeneficiario,
          });
          const aviso = await this.avisar(tx, p.cpf, p.numero.trim(), p.situacao, 'informacao');
          if (aviso) entregas.push(aviso);
        }
      }
      return this.detalhe(repo, p);
    });
    this.notifier.entregar(entregas);
    if (avisou) this.ouvinte?.depoisDoCommit();
    return atualizado;
  }

  /** The member's notice: e-mail when on file, else SMS; no answer text in it (it may be personal). */
  private async avisar(
    tx: Queryable,
    cpf: string,
    numero: string,
    situacao: SituacaoProtocolo,
    motivo: 'resposta' | 'informacao' = 'resposta',
  ) {
    const destino = await destinoDoMembro(tx, cpf);
    if (!destino) return null;
    const nome = this.operadora.nome;
    return this.notifier.registrar(tx, {
      ...destino,
      assunto:
        motivo === 'informacao'
          ? `${nome}: informações para o protocolo ${formatarNumeroProtocolo(numero)}`
          : `${nome}: resposta ao protocolo ${formatarNumeroProtocolo(numero)}`,
      texto:
        motivo === 'informacao'
          ? `${nome}: seu protocolo ${formatarNumeroProtocolo(numero)} precisa de mais informações. ` +
            'Veja o que foi pedido em Meus Protocolos, no portal ou no aplicativo.'
          : `${nome}: seu protocolo ${formatarNumeroProtocolo(numero)} foi respondido ` +
            `(${ROTULOS_SITUACAO_PROTOCOLO[situacao]}). Veja a resposta em Meus Protocolos, no portal ou no aplicativo.`,
    });
  }
}
