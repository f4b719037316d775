import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { diaEmSaoPaulo, formatDate } from '@portal/br';
import { AppError } from '../../lib/app-error';
import type { AuditEvent, AuditRepository, Origin } from '../auditoria/repository';
import {
  avisoAoMembro,
  contatosDoMembro,
  destinoDoMembro,
  type EntregaPendente,
  type Notifier,
} from '../notificacoes/service';
import type { Membro } from '../sessao/membro';
import { type Escopo, hashDoCorpo, type Registro } from './idempotencia';
import { datasDoVinculo, type IdempotenciaRepository } from './repository';
import { prazoDeResposta } from '../../lib/prazos';
import type { ProtocolosRepository, SituacaoProtocolo, TipoProtocolo } from '../protocolos/repository';

/** RN 623/2024: non-assistance requests are answered within 7 business days (other kinds: prazos.ts). */
export { PRAZO_DIAS_UTEIS } from '../../lib/prazos';

export interface Protocolo {
  numero: string;
  /** AAAA-MM-DD */
  prazoResposta: string;
}

/** What a request's work sees inside its transaction. */
export interface Contexto {
  tx: Queryable;
  agora: Date;
  /** Today in São Paulo, AAAA-MM-DD. */
  hoje: string;
  /** Gives the request its protocol (once). Call it after the checks, as late as the work allows. */
  abrirProtocolo(p: {
    tipo: TipoProtocolo;
    assunto: string;
    situacao: SituacaoProtocolo;
    codigoBeneficiario?: string | null;
    /** For requests concluded on the spot. */
    resposta?: string;
  }): Promise<Protocolo>;
  /** A message to the member's e-mail (or mobile when there is no e-mail), sent after the commit. */
  avisarMembro(assunto: string, texto: string): Promise<void>;
  /** A short SMS to the member's mobile on file (nothing when there is none), sent after the commit. */
  avisarPorSms(texto: string): Promise<void>;
  auditar(evento: AuditEvent, detalhe?: Record<string, unknown>): Promise<void>;
}

/**
 * A refusal whose side effects must stay (a code try that was counted): the transaction commits
 * what was done, the idempotency key is freed and the member gets `erro`.
 */
export class FalhaComEfeito extends Error {
  constructor(readonly erro: AppError) {
    super(erro.message);
    this.name = 'FalhaComEfeito';
  }
}

export interface Pedido<R> {
  membro: Membro;
  origin: Origin;
  /** The route, part of the idempotency scope. */
  rota: string;
  /** The Idempotency-Key header, when the client sent one. */
  chave: string | undefined;
  /** The validated body (its hash, without the session, is kept with the key). */
  corpo: unknown;
  /**
   * A cancelled contract or beneficiary makes no new request (0018): checked in the request's
   * transaction for every request. Only a request that a former member keeps the right to make
   * (e.g. about their personal data, LGPD art. 18) sets this.
   */
  permitidoSemVinculoAtivo?: boolean;
  executar(ctx: Contexto): Promise<R>;
}

/**
 * Who hears of each protocol opened (webhooks out, issue 17): called inside the request's
 * transaction, so a rolled-back request tells no one and a committed one is never lost.
 */
export interface OuvinteDeProtocolos {
  protocoloAberto(
    tx: Queryable,
    p: {
      protocolo: string;
      tipo: TipoProtocolo;
      situacao: SituacaoProtocolo;
      prazoResposta: string;
      codigoContrato: string;
      codigoBeneficiario: string | null;
    },
  ): Promise<void>;
  /** After the commit (e.g. wake the delivery worker). */
  depoisDoCommit(): void;
}

const CONFLITO =
  'Esta chave de idempotência já foi usada em outra solicitação. Envie uma nova chave para uma nova solicitação.';

/** What the request pipeline needs, built once in services.ts (decision 0007). */
export interface SolicitacoesDeps {
  /** Opens each request's transaction and checks the member's link inside it. */
  db: Db;
  idempotencia: IdempotenciaRepository;
  protocolos: ProtocolosRepository;
  audit: AuditRepository;
  operadora: { registroAns: string; nome: string };
  notifier: Notifier;
  clock: Clock;
  ouvinte?: OuvinteDeProtocolos;
}

/**
 * Every request a member sends (decision 0012): one transaction holds the request's rows, its
 * protocol, an audit row and the outbox message to the member; the message goes out after the
 * commit. With an Idempotency-Key the first answer is kept, and a retry (double click, a retry
 * after a timeout, the same request sent twice at once) gets that answer instead of a second request.
 */
export class SolicitacoesService {
  constructor(private readonly d: SolicitacoesDeps) {}

  async registrar<R>(p: Pedido<R>): Promise<R> {
    const { membro } = p;
    const escopo: Escopo | null = p.chave
      ? { cpf: membro.cpf, codigoContrato: membro.codigoContrato, rota: p.rota, chave: p.chave.toLowerCase() }
      : null;
    const hash = escopo ? hashDoCorpo(p.corpo) : '';
    if (escopo) {
      // A retry of a finished request needs no transaction at all.
      const anterior = await this.d.idempotencia.ler(escopo);
      if (anterior) return this.repetir<R>(anterior, hash, p);
    }

    const entregas: EntregaPendente[] = [];
    const agora = new Date(this.d.clock.now());
    type Resultado =
      { tipo: 'repetido'; anterior: Registro } | { tipo: 'resposta'; resposta: R } | { tipo: 'falha'; erro: AppError };
    const resultado = await this.d.db.transaction(async (tx): Promise<Resultado> => {
      const idempotencia = this.d.idempotencia.com(tx);
      if (escopo && !(await idempotencia.reservar(escopo, hash, agora))) {
        const anterior = await idempotencia.ler(escopo);
        if (anterior) return { tipo: 'repetido', anterior };
        throw new AppError(409, 'IDEMPOTENCIA_CONFLITO', 'Esta solicitação ainda está sendo processada. Aguarde.');
      }
      if (!p.permitidoSemVinculoAtivo) await exigirVinculoAtivo(tx, membro);
      const ctx = this.contexto(tx, p, agora, entregas);
      try {
        const resposta = await p.executar(ctx);
        if (escopo) await idempotencia.guardar(escopo, resposta);
        return { tipo: 'resposta', resposta };
      } catch (err) {
        if (!(err instanceof FalhaComEfeito)) throw err;
        if (escopo) await idempotencia.liberar(escopo);
        return { tipo: 'falha', erro: err.erro };
      }
    });
    // Only committed messages go out; a rollback above never reaches this line.
    this.d.notifier.entregar(entregas);
    this.d.ouvinte?.depoisDoCommit();
    if (resultado.tipo === 'falha') throw resultado.erro;
    if (resultado.tipo === 'repetido') return this.repetir<R>(resultado.anterior, hash, p);
    return resultado.resposta;
  }

  private async repetir<R>(anterior: Registro, hash: string, p: Pedido<R>): Promise<R> {
    if (anterior.corpoHash !== hash) {
      await this.d.audit.write('idempotencia_conflito', p.membro.cpf, p.origin, {
        rota: p.rota,
      });
      throw new AppError(422, 'IDEMPOTENCIA_CONFLITO', CONFLITO);
    }
    return anterior.resposta as R;
  }

  private contexto<R>(tx: Queryable, p: Pedido<R>, agora: Date, entregas: EntregaPendente[]): Contexto {
    const { membro, origin } = p;
    const audit = this.d.audit.com(tx);
    const hoje = diaEmSaoPaulo(agora.getTime());
    let protocolo: Protocolo | null = null;
    return {
      tx,
      agora,
      hoje,
      abrirProtocolo: async ({ tipo, assunto, situacao, codigoBeneficiario = null, resposta }) => {
        if (protocolo) throw new Error('a request gets one protocol');
        const repo = this.d.protocolos.com(tx);
        const dia = hoje.replaceAll('-', '');
        const sequencia = await repo.proximaSequencia(dia);
        const numero = `${this.d.operadora.registroAns}${dia}${String(sequencia).padStart(6, '0')}`;
        const prazoResposta = prazoDeResposta(tipo, hoje);
        await repo.inserir({
          numero,
          cpf: membro.cpf,
          codigoContrato: membro.codigoContrato,
          codigoBeneficiario,
          tipo,
          assunto,
          situacao,
          criadoEm: agora,
          prazoResposta,
          resposta: resposta ?? null,
        });
        await audit.write('solicitacao_registrada', membro.cpf, origin, { tipo, protocolo: numero });
        await this.d.ouvinte?.protocoloAberto(tx, {
          protocolo: numero,
          tipo,
          situacao,
          prazoResposta,
          codigoContrato: membro.codigoContrato,
          codigoBeneficiario,
        });
        protocolo = { numero, prazoResposta };
        return protocolo;
      },
      avisarMembro: async (assunto, texto) => {
        const destino = await destinoDoMembro(tx, membro.cpf);
        if (!destino) return; // nothing on file: the protocol is still on the screen and in 'Meus Protocolos'
        entregas.push(
          await this.d.notifier.registrar(tx, { ...destino, ...avisoAoMembro(this.d.operadora.nome, assunto, texto) }),
        );
      },
      avisarPorSms: async (texto) => {
        const contato = await contatosDoMembro(tx, membro.cpf);
        if (!contato?.celular) return;
        entregas.push(
          await this.d.notifier.registrar(tx, {
            canal: 'sms',
            destino: contato.celular,
            assunto: this.d.operadora.nome,
            texto: `${this.d.operadora.nome}: ${texto}`,
          }),
        );
      },
      auditar: (evento, detalhe = {}) => audit.write(evento, membro.cpf, origin, detalhe),
    };
  }
}

/**
 * Whether the member's contract, or their own beneficiary link, is cancelled, and since when
 * (`desde` null when no date is on file) — the one rule of "this profile's plan has ended", read
 * by every request (exigirVinculoAtivo) and by the screens (Beneficiario/SituacaoDoPlano). Null
 * when the contract is not found. `bloquear` reads the contract row `for share`.
 */
export async function cancelamentoDoVinculo(
  q: Queryable,
  membro: Membro,
  { bloquear = false } = {},
): Promise<{ cancelado: boolean; desde: string | null } | null> {
  const row = await datasDoVinculo(q, membro, bloquear);
  if (!row) return null;
  if (row.contrato !== null) return { cancelado: true, desde: row.contrato };
  if (membro.codigoBeneficiario && row.ativo === false) return { cancelado: true, desde: row.beneficiario };
  return { cancelado: false, desde: null };
}

/**
 * 403 PLANO_CANCELADO when the member's contract, or their own beneficiary link, is cancelled. The
 * contract row is read `for share`: a cancellation running at the same time (which updates it)
 * finishes first, so a request never slips in beside it.
 */
export async function exigirVinculoAtivo(tx: Queryable, membro: Membro): Promise<void> {
  const vinculo = await cancelamentoDoVinculo(tx, membro, { bloquear: true });
  if (!vinculo || vinculo.cancelado) {
    const quando = vinculo?.desde ? ` em ${formatDate(vinculo.desde)}` : '';
    throw new AppError(
      403,
      'PLANO_CANCELADO',
      `Seu plano foi cancelado${quando} e não aceita novas solicitações. Faturas, recibos e informes de Imposto de Renda continuam disponíveis em Financeiro.`,
    );
  }
}
