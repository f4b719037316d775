import { SERVICOS_ADICIONAIS, type ServicoAdicional } from '@portal/contract';

/** /api/Servicos/Sos/… or /api/Servicos/Ortopedico/… (docs/produto/comercial.md, "Calls"). */
export const caminho = (servico: ServicoAdicional, chamada: string) =>
  `/api/Servicos/${SERVICOS_ADICIONAIS[servico].segmento}/${chamada}`;
