import type { OutboxItem } from '@portal/contract';
import type { Queryable } from '../../db/db';

export type Canal = 'sms' | 'email';

/** The member's e-mail and mobile on file (inside the caller's transaction). */
export async function contatosDoMembro(
  q: Queryable,
  cpf: string,
): Promise<{ email: string | null; celular: string | null } | undefined> {
  const [contato] = await q.query<{ email: string | null; celular: string | null }>(
    'select email, celular from pessoas where cpf = $1',
    [cpf],
  );
  return contato;
}

export class OutboxRepository {
  constructor(private readonly db: Queryable) {}

  /** The same outbox inside the caller's transaction (the message commits with the change). */
  com(tx: Queryable): OutboxRepository {
    return new OutboxRepository(tx);
  }

  async insert(item: {
    canal: Canal;
    destino: string;
    mensagem: string;
    codigo: string | null;
    criadoEm: Date;
    /** The e-mail subject (SMS too: the staff console lists notices by it, decision 0057). */
    assunto: string;
    /** The message carries a code: the console shows only that one was sent. */
    sigiloso: boolean;
  }): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into outbox (canal, destino, mensagem, codigo, criado_em, assunto, sigiloso)
       values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
      [item.canal, item.destino, item.mensagem, item.codigo, item.criadoEm, item.assunto, item.sigiloso],
    );
    return row!.id;
  }

  async markSent(id: string, at: Date): Promise<void> {
    await this.db.query('update outbox set enviado_em = $2, erro = null where id = $1', [id, at]);
  }

  async markFailed(id: string, erro: string): Promise<void> {
    await this.db.query('update outbox set erro = $2 where id = $1', [id, erro.slice(0, 500)]);
  }

  async list(limit = 100): Promise<OutboxItem[]> {
    const rows = await this.db.query<{
      canal: Canal;
      destino: string;
      mensagem: string;
      codigo: string | null;
      criado_em: Date;
    }>('select canal, destino, mensagem, codigo, criado_em from outbox order by criado_em desc, id desc limit $1', [
      limit,
    ]);
    return rows.map((r) => ({
      canal: r.canal,
      destino: r.destino,
      mensagem: r.mensagem,
      codigo: r.codigo,
      criadoEm: new Date(r.criado_em).toISOString(),
    }));
  }
}
