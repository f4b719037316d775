import { LOTE_MAXIMO } from '@portal/contract/atendimento';
import type { LoteResponse, ResultadoDoLote } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';

/** A protocol of a selection: its number and the version the queue read. */
export interface ItemDoLote {
  numero: string;
  versao: number;
}

/** The selection in requests of at most LOTE_MAXIMO, one after the other; the results in order. */
async function emPartes(caminho: string, itens: readonly ItemDoLote[], corpo: Record<string, unknown> = {}) {
  const resultados: ResultadoDoLote[] = [];
  for (let i = 0; i < itens.length; i += LOTE_MAXIMO) {
    const r = await chamar<LoteResponse>(caminho, { body: { ...corpo, itens: itens.slice(i, i + LOTE_MAXIMO) } });
    resultados.push(...r.resultados);
  }
  return resultados;
}

/**
 * POST /protocolos/em-lote/assumir and /protocolos/em-lote/responder (issue 31): each protocol
 * decided by the server as its single action would be; the queue follows.
 */
export function useAcoesEmLote() {
  const qc = useQueryClient();
  const depois = () => qc.invalidateQueries({ queryKey: ['atendimento', 'fila'] });
  const assumir = useMutation({
    mutationFn: (itens: readonly ItemDoLote[]) => emPartes('/protocolos/em-lote/assumir', itens),
    meta: { erro: { titulo: 'Não foi possível assumir os protocolos' } },
    onSettled: depois,
  });
  const responder = useMutation({
    mutationFn: (v: { modeloId: string; itens: readonly ItemDoLote[] }) =>
      emPartes('/protocolos/em-lote/responder', v.itens, { modeloId: v.modeloId }),
    meta: { erro: { titulo: 'Não foi possível responder os protocolos' } },
    onSettled: depois,
  });
  return { assumir, responder };
}
