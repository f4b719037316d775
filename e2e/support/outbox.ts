import { baseUrl } from './browser';

interface OutboxItem {
  canal: 'sms' | 'email';
  destino: string;
  mensagem: string;
  codigo: string | null;
  criadoEm: string;
}

export async function outbox(): Promise<OutboxItem[]> {
  const r = await fetch(`${baseUrl()}/api/dev/outbox`);
  if (!r.ok) throw new Error(`outbox answered ${r.status}`);
  return (await r.json()) as OutboxItem[];
}

/**
 * The newest code sent to a contact, read the way a member reads their phone. Waits for a message
 * newer than `after` (ISO instant) so a test never picks up an older code by mistake.
 */
export async function latestCode(destino: string, after: string): Promise<string> {
  const norm = (s: string) => s.replace(/\D/g, '') || s.toLowerCase();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const item = (await outbox()).find(
      (m) => norm(m.destino) === norm(destino) && m.codigo && new Date(m.criadoEm) >= new Date(after),
    );
    if (item?.codigo) return item.codigo;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${destino} after ${after}`);
}

/** Every message sent to a contact since `after` (ISO instant), newest first. */
export async function sentTo(destino: string, after: string): Promise<OutboxItem[]> {
  const norm = (s: string) => s.replace(/\D/g, '') || s.toLowerCase();
  return (await outbox()).filter((m) => norm(m.destino) === norm(destino) && new Date(m.criadoEm) >= new Date(after));
}
