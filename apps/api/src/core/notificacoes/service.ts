import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { agruparNumerosDeProtocolo, type Operadora } from '@portal/contract';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { type Canal, contatosDoMembro, type OutboxRepository } from './repository';

export { contatosDoMembro };

export interface NotifierOptions {
  smtpUrl?: string | undefined;
  /** SMTP_FROM; unset: `remetentePadrao` of the operator. */
  smtpFrom?: string | undefined;
  smsWebhookUrl?: string | undefined;
  /** Production keeps the row but not the code (the code is stored only as an HMAC elsewhere). */
  keepCodes: boolean;
}

/** A message to a member: an SMS or an e-mail. */
export interface Mensagem {
  canal: Canal;
  destino: string;
  /** E-mail subject (SMS ignore it). */
  assunto: string;
  texto: string;
  /** A verification code inside `texto`: kept in the outbox only outside production. */
  codigo?: string;
}

/**
 * A notice's subject and text as the member reads them, the operator's name first, every protocol
 * number grouped ('417297 20260310 000001') as the screens and the console write it (issue 31,
 * decision 0067): the subject and the body alike. The portal's search fields and the console's
 * search take the number with or without the spaces.
 */
export function avisoAoMembro(operadora: string, assunto: string, texto: string): Pick<Mensagem, 'assunto' | 'texto'> {
  return {
    assunto: `${operadora}: ${agruparNumerosDeProtocolo(assunto)}`,
    texto: `${operadora}: ${agruparNumerosDeProtocolo(texto)}`,
  };
}

/**
 * Where a notice to the member goes (inside the transaction of the change): e-mail when on file,
 * else SMS; null when neither is.
 */
export async function destinoDoMembro(q: Queryable, cpf: string): Promise<Pick<Mensagem, 'canal' | 'destino'> | null> {
  const contato = await contatosDoMembro(q, cpf);
  return contato?.email
    ? ({ canal: 'email', destino: contato.email } as const)
    : contato?.celular
      ? ({ canal: 'sms', destino: contato.celular } as const)
      : null;
}

/** A message written to the outbox whose delivery has not started (see `registrar`). */
export interface EntregaPendente {
  id: string;
  canal: Canal;
  destino: string;
  assunto: string;
  texto: string;
}

/**
 * The e-mails' sender when SMTP_FROM is unset: the operator's name, at `nao-responda@` its site's
 * domain (`https://www.operadora.com.br` → `nao-responda@operadora.com.br`). Never the demo's when
 * the operator is another (pentest defect 12: every member's code was signed 'Saúde Exemplo').
 */
export function remetentePadrao(op: Pick<Operadora, 'nome' | 'site'>): { name: string; address: string } {
  const dominio = new URL(op.site).hostname.replace(/^www\./, '');
  return { name: op.nome, address: `nao-responda@${dominio}` };
}

/** What the notifier needs, built once in services.ts (decision 0007). */
export interface NotifierDeps {
  outbox: OutboxRepository;
  opts: NotifierOptions;
  /** Every text a member receives is signed with the operator's name (its configuration). */
  operadora: Pick<Operadora, 'nome' | 'site'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Every SMS and e-mail goes to the outbox first (the demo reads codes there, like a phone);
 * then, when configured, out through SMTP or the SMS webhook. Delivery runs after the request
 * answers: failures are logged and recorded on the row, never fatal.
 *
 * A request that stores something writes its message with `registrar` inside its own transaction
 * (the outbox row commits or rolls back with the request) and calls `entregar` after the commit.
 */
export class Notifier {
  private readonly pending = new Set<Promise<void>>();
  private readonly mailer;

  constructor(private readonly d: NotifierDeps) {
    this.mailer = d.opts.smtpUrl ? nodemailer.createTransport(d.opts.smtpUrl) : undefined;
  }

  /** Sends a verification code to the contact on file (registration, recovery), signed by the operator. */
  async sendCode(canal: Canal, destino: string, codigo: string): Promise<void> {
    const nome = this.d.operadora.nome;
    const texto = `${nome}: seu código de verificação é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`;
    const entrega = await this.gravar(this.d.outbox, {
      canal,
      destino,
      assunto: `${nome}: código de verificação`,
      texto,
      codigo,
    });
    this.entregar([entrega]);
  }

  /** Writes the message to the outbox through `tx` (the caller's transaction); nothing is sent yet. */
  registrar(tx: Queryable, m: Mensagem): Promise<EntregaPendente> {
    return this.gravar(this.d.outbox.com(tx), m);
  }

  /** Starts delivering messages whose transaction committed (not awaited by the request). */
  entregar(entregas: readonly EntregaPendente[]): void {
    for (const e of entregas) {
      const job = this.deliver(e).finally(() => this.pending.delete(job));
      this.pending.add(job);
    }
  }

  private async gravar(outbox: OutboxRepository, original: Mensagem): Promise<EntregaPendente> {
    // Every subject and body, e-mail or SMS, writes a protocol number grouped (decision 0067), whoever
    // composed it (avisoAoMembro, an area's own SMS, the protocol answers): one form everywhere.
    const m = {
      ...original,
      assunto: agruparNumerosDeProtocolo(original.assunto),
      texto: agruparNumerosDeProtocolo(original.texto),
    };
    const stored = m.codigo && !this.d.opts.keepCodes ? m.texto.replaceAll(m.codigo, '******') : m.texto;
    const id = await outbox.insert({
      canal: m.canal,
      destino: m.destino,
      mensagem: stored,
      codigo: m.codigo && this.d.opts.keepCodes ? m.codigo : null,
      criadoEm: new Date(this.d.clock.now()),
      assunto: m.assunto,
      sigiloso: m.codigo !== undefined,
    });
    return { id, canal: m.canal, destino: m.destino, assunto: m.assunto, texto: m.texto };
  }

  private async deliver({ id, canal, destino, assunto, texto: mensagem }: EntregaPendente): Promise<void> {
    try {
      if (canal === 'email' && this.mailer) {
        await this.mailer.sendMail({
          from: this.d.opts.smtpFrom ?? remetentePadrao(this.d.operadora),
          to: destino,
          subject: assunto,
          text: mensagem,
        });
      } else if (canal === 'sms' && this.d.opts.smsWebhookUrl) {
        const res = await fetch(this.d.opts.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: destino, message: mensagem }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
      } else {
        return; // outbox only (demo)
      }
      await this.d.outbox.markSent(id, new Date(this.d.clock.now()));
    } catch (err) {
      const erro = err instanceof Error ? err.message : String(err);
      this.d.log.warn({ outboxId: id, canal, erro }, 'notification delivery failed');
      await this.d.outbox.markFailed(id, erro).catch(() => undefined);
    }
  }

  /** Lets in-flight deliveries finish (graceful shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
