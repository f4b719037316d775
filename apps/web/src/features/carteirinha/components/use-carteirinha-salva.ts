import { useEffect, useState } from 'react';
import { apagarDadosOffline, guardarOffline, lerOffline, type Salvo } from '@/lib/dados-offline';
import { isExpired, readExpiry } from '@/lib/sessao';
import { browserStorage } from '@/lib/storage';
import type { CartaoDigital } from './cartoes';

const CHAVE = 'carteirinha';

/**
 * The cards kept on this device for use without network (decision 0016): read once when the page
 * opens (undefined while reading, null when there are none), and replaced by every fresh answer.
 * The session's end deletes them (lib/sessao-context); a save that lands after the session ended
 * deletes itself.
 */
export function useCarteirinhaSalva(
  cartoes: CartaoDigital[] | undefined,
  dono: { cpf: string; codigoContrato: string },
): Salvo<CartaoDigital[]> | null | undefined {
  const { cpf, codigoContrato } = dono;
  const [salvo, setSalvo] = useState<Salvo<CartaoDigital[]> | null | undefined>(undefined);

  useEffect(() => {
    let vivo = true;
    void lerOffline<CartaoDigital[]>(CHAVE, { cpf, codigoContrato }).then((s) => {
      if (vivo) setSalvo(s);
    });
    return () => {
      vivo = false;
    };
  }, [cpf, codigoContrato]);

  useEffect(() => {
    if (!cartoes) return;
    const novo = { salvoEm: new Date().toISOString(), cpf, codigoContrato, dados: cartoes };
    void guardarOffline(CHAVE, novo)
      .then(() => {
        if (isExpired(readExpiry(browserStorage()), Date.now())) return apagarDadosOffline();
      })
      .catch((e: unknown) => console.warn('Carteirinha não guardada para uso sem internet', e));
  }, [cartoes, cpf, codigoContrato]);

  return salvo;
}
