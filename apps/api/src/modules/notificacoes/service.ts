import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Canal, OutboxRepository } from './repository';

export interface NotifierOptions {
  smtpUrl?: string | undefined;
  smtpFrom: string;
  smsWebhookUrl?: string | undefined;
  /** Production keeps the row but not the code (the code is stored only as an HMAC elsewhere). */
  keepCodes: boolean;
}

/**
 * Every SMS and e-mail goes to the outbox first (the demo reads codes there, like a phone);
 * then, when configured, out through SMTP or the SMS webhook. Delivery runs after the request
 * answers: failures are logged and recorded on the row, never fatal.
 */
export class Notifier {
  private readonly pending = new Set<Promise<void>>();
  private readonly mailer;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly opts: NotifierOptions,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mailer = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  }

  /** Sends a verification code to the contact on file. */
  async sendCode(canal: Canal, destino: string, codigo: string): Promise<void> {
    const mensagem = `Saúde Exemplo: seu código de verificação é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`;
    const stored = this.opts.keepCodes ? mensagem : mensagem.replace(codigo, '******');
    const id = await this.outbox.insert({
      canal,
      destino,
      mensagem: stored,
      codigo: this.opts.keepCodes ? codigo : null,
      criadoEm: new Date(this.clock.now()),
    });
    const job = this.deliver(id, canal, destino, mensagem).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  private async deliver(id: string, canal: Canal, destino: string, mensagem: string): Promise<void> {
    try {
      if (canal === 'email' && this.mailer) {
        await this.mailer.sendMail({
          from: this.opts.smtpFrom,
          to: destino,
          subject: 'Saúde Exemplo: código de verificação',
          text: mensagem,
        });
      } else if (canal === 'sms' && this.opts.smsWebhookUrl) {
        const res = await fetch(this.opts.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: destino, message: mensagem }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
      } else {
        return; // outbox only (demo)
      }
      await this.outbox.markSent(id, new Date(this.clock.now()));
    } catch (err) {
      const erro = err instanceof Error ? err.message : String(err);
      this.log.warn({ outboxId: id, canal, erro }, 'notification delivery failed');
      await this.outbox.markFailed(id, erro).catch(() => undefined);
    }
  }

  /** Lets in-flight deliveries finish (graceful shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
