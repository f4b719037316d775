import { useState } from 'react';

/**
 * Idempotency-Key of a submission (decision 0012): one random UUID per submission, reused while
 * the same request is sent again (a double click, a retry after a timeout), a new one as soon as
 * the member sends something else. The server answers a repeated key with its first answer.
 */

/** A random UUID v4; crypto.randomUUID is missing outside secure contexts, getRandomValues is not. */
export function novaChave(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** JSON with sorted keys: two bodies with the same content compare equal. */
function canonico(valor: unknown): string {
  if (Array.isArray(valor)) return `[${valor.map(canonico).join(',')}]`;
  if (valor && typeof valor === 'object') {
    return `{${Object.entries(valor as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonico(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(valor) ?? 'null';
}

/**
 * The key of the current submission. `para(corpo)` answers the same key for the same body until
 * `concluir()` (after a success the next submission is a new request); a different body gets a
 * new key at once.
 */
export class ChaveDeEnvio {
  private corpo: string | null = null;
  private chave = '';

  constructor(private readonly gerar: () => string = novaChave) {}

  para(corpo: unknown): string {
    const c = canonico(corpo);
    if (c !== this.corpo) {
      this.corpo = c;
      this.chave = this.gerar();
    }
    return this.chave;
  }

  concluir(): void {
    this.corpo = null;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Headers of a request sent with this key. */
export function comChave(chave: string): { headers: Record<string, string> } {
  return { headers: { [IDEMPOTENCY_HEADER]: chave } };
}

/** The submission key of a form, kept for the component's lifetime. */
export function useChaveDeEnvio(): ChaveDeEnvio {
  const [chave] = useState(() => new ChaveDeEnvio());
  return chave;
}
