import { maskPhone } from '@portal/br';
import type { Operadora } from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import type { AuditEvent, AuditRepository, Origin } from '../auditoria/repository';
import type { Notifier } from '../notificacoes/service';
import type { Membro } from '../sessao/membro';
import { CODIGO_VALIDADE_MS, CodigoSms, type LimitesCodigo } from './codigo-sms';
import type { CodigoParaConfirmar, CodigosDeConfirmacaoRepository } from './repository';

export interface ConfirmacaoPorSmsDeps {
  /** The flow's code table; its name ('servicos', 'cancelamento') also prefixes the rate counters. */
  repo: CodigosDeConfirmacaoRepository;
  /** Opens the send's transaction (code row, audit row and outbox message commit together). */
  transacoes: Pick<Db, 'transaction'>;
  audit: AuditRepository;
  notifier: Notifier;
  operadora: Pick<Operadora, 'nome'>;
  counters: CounterStore;
  limites: LimitesCodigo;
  /** CODE_SECRET. */
  secret: string;
  clock: Clock;
}

/** A code send for something the member accepted in this session. */
export interface PedidoDeCodigo {
  membro: Membro;
  origin: Origin;
  /** The row the code confirms (the add-on's acceptance, the cancellation's acknowledgement). */
  origemId: string;
  /** The add-on's service (one open code per service), or null for a flow with one code per session. */
  escopo: string | null;
  /** What the code's HMAC binds it to (session and what it confirms). */
  contexto: string;
  /** The key of the resend gap (session and what it confirms). */
  intervalo: string;
  auditoria: { evento: AuditEvent; detalhe: Record<string, unknown> };
  /** The SMS text carrying the code. */
  texto(codigo: string): string;
}

/**
 * The SMS code that confirms a member's request inside the portal (add-on contracting, 0013; plan
 * cancellation, 0018), once for every flow: the send to the mobile on file (limits, a new code
 * superseding the open one, audit and outbox in one transaction) and the check inside the request's
 * transaction (CodigoSms holds the rules).
 */
export class ConfirmacaoPorSms {
  private readonly regras: CodigoSms;

  constructor(private readonly d: ConfirmacaoPorSmsDeps) {
    this.regras = new CodigoSms({
      nome: d.repo.fluxo,
      secret: d.secret,
      counters: d.counters,
      limites: d.limites,
      clock: d.clock,
    });
  }

  /** The member's mobile on file (null when there is none). */
  celular(cpf: string): Promise<string | null> {
    return this.d.repo.celular(cpf);
  }

  /** Sends a new code to the mobile on file; answers where it went (masked). */
  async enviar(p: PedidoDeCodigo) {
    const { membro, origin } = p;
    const celular = await this.d.repo.celular(membro.cpf);
    if (!celular)
      throw new AppError(
        422,
        'CONTATO_INDISPONIVEL',
        'Não há celular cadastrado para receber o código. Atualize seus dados junto à operadora.',
      );
    await this.regras.limitarEnvio(p.intervalo, membro.cpf, origin.ip);
    const codigo = this.regras.gerar();
    const agora = new Date(this.d.clock.now());
    const entrega = await this.d.transacoes.transaction(async (tx) => {
      const repo = this.d.repo.com(tx);
      await repo.invalidarAbertos(membro.codigoSessao, p.escopo, agora);
      await repo.inserir({
        origemId: p.origemId,
        codigoSessao: membro.codigoSessao,
        escopo: p.escopo,
        destino: celular,
        codigoHmac: this.regras.digest(p.contexto, codigo),
        at: agora,
        expiraEm: new Date(agora.getTime() + CODIGO_VALIDADE_MS),
      });
      await this.d.audit.com(tx).write(p.auditoria.evento, membro.cpf, origin, p.auditoria.detalhe);
      return this.d.notifier.registrar(tx, {
        canal: 'sms',
        destino: celular,
        assunto: `${this.d.operadora.nome}: código de confirmação`,
        texto: p.texto(codigo),
        codigo,
      });
    });
    this.d.notifier.entregar([entrega]);
    const destino = maskPhone(celular);
    return { sucesso: true as const, mensagem: `Código enviado para ${destino}.`, destino };
  }

  /** Checks per IP per 10 minutes, before a confirmation opens its transaction. */
  limitarVerificacao(ip: string): Promise<void> {
    return this.regras.limitarVerificacao(ip);
  }

  /** The session's open code, locked in the request's transaction; 422 when none is usable now. */
  async aberto(tx: Queryable, membro: Membro, escopo: string | null, agora: Date): Promise<CodigoParaConfirmar> {
    return this.regras.exigirAberto(await this.d.repo.com(tx).abertoParaConfirmar(membro.codigoSessao, escopo), agora);
  }

  /**
   * Counts the try, compares the typed code in constant time and uses the code up; a wrong one
   * throws FalhaComEfeito (the try stays although the request fails, 0012).
   */
  conferir(
    tx: Queryable,
    row: CodigoParaConfirmar,
    c: { contexto: string; digitado: string; agora: Date; aoFalhar: (tentativas: number) => Promise<void> },
  ): Promise<void> {
    return this.regras.conferir(
      row,
      this.regras.digest(c.contexto, c.digitado),
      this.d.repo.com(tx),
      c.agora,
      c.aoFalhar,
    );
  }
}
