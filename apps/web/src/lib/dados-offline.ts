/**
 * The one piece of member data the portal keeps for use without network (decision 0016): the last
 * digital card, in the Cache Storage of this origin. Nothing else is kept; the whole cache is
 * deleted when the session ends (logout, inactivity, another tab, a refused session) and at every
 * start without a session, so it never outlives the session that saved it.
 */
export const CACHE_DADOS_OFFLINE = 'portal-dados-offline-v1';

/** What a feature keeps: its data, when it was saved, and whose it is. */
export interface Salvo<T> {
  /** ISO instant. */
  salvoEm: string;
  cpf: string;
  codigoContrato: string;
  dados: T;
}

type Caches = Pick<CacheStorage, 'open' | 'delete'>;

/** Cache Storage exists only in secure contexts (https, localhost) and may be refused (private mode). */
function cachesDoNavegador(): Caches | null {
  try {
    return typeof caches === 'undefined' ? null : caches;
  } catch {
    return null;
  }
}

const url = (chave: string) => `/offline/${encodeURIComponent(chave)}.json`;

export async function guardarOffline<T>(
  chave: string,
  salvo: Salvo<T>,
  armazenamento: Caches | null = cachesDoNavegador(),
): Promise<void> {
  if (!armazenamento) return;
  const cache = await armazenamento.open(CACHE_DADOS_OFFLINE);
  await cache.put(url(chave), new Response(JSON.stringify(salvo), { headers: { 'content-type': 'application/json' } }));
}

/** What was kept under `chave` for this member (another member's data reads as nothing). */
export async function lerOffline<T>(
  chave: string,
  dono: { cpf: string; codigoContrato: string },
  armazenamento: Caches | null = cachesDoNavegador(),
): Promise<Salvo<T> | null> {
  if (!armazenamento) return null;
  try {
    const cache = await armazenamento.open(CACHE_DADOS_OFFLINE);
    const r = await cache.match(url(chave));
    if (!r) return null;
    const salvo = (await r.json()) as Salvo<T>;
    if (!salvo || salvo.cpf !== dono.cpf || salvo.codigoContrato !== dono.codigoContrato) return null;
    return salvo;
  } catch {
    return null;
  }
}

/** Deletes everything kept for offline use. */
export async function apagarDadosOffline(armazenamento: Caches | null = cachesDoNavegador()): Promise<void> {
  if (!armazenamento) return;
  await armazenamento.delete(CACHE_DADOS_OFFLINE).catch(() => false);
}
