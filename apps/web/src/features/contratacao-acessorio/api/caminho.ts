import { SERVICOS_ADICIONAIS, type ServicoAdicional } from '@portal/contract';

/** /api/Servicos/Sos/… or /api/Servicos/Ortopedico/… (spec 7). */
export const caminho = (servico: ServicoAdicional, chamada: string) =>
  `/api/Servicos/${SERVICOS_ADICIONAIS[servico].segmento}/${chamada}`;
