/**
 * The importer of the operator's data (issue 16, decision 0022) — the public face of this area:
 * the CLI (src/cli/importar.ts) and the integration API call it through this file only.
 */
export { ENTIDADES, esquemasDeLinha, LAYOUTS, type Entidade, type ErroDeLinha } from './layouts';
export {
  DESFAZER_DIAS_PADRAO,
  importacaoEmAndamento,
  importar,
  iniciarImportacao,
  LIMITE_PADRAO,
  limiteDeRemocoes,
  MAX_ERROS,
  mensagemOcupada,
} from './motor';
export type { LimiteDeRemocoes, OpcoesImportacao, Relatorio } from './tipos';
// Decision 0049: what an applied import removed comes back (the CLI and the integration API).
export { desfazerImportacao, type Desfeita, type OpcoesDesfazer } from './desfazer';
export {
  listarImportacoes,
  obterImportacao,
  resumoParaMetricas,
  type Importacao,
  type ResultadoDaImportacao,
  type StatusImportacao,
} from './repository';
export { documentacao } from './documentacao';
// The same engine inside a transaction the caller holds: the demo seed (seed/arquivos.ts).
export { ArquivoRecusado, importarNaTransacao } from './motor';
