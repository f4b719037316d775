/**
 * The importer of the operator's data (issue 16, decision 0022) — the public face of this area:
 * the CLI (src/cli/importar.ts) and the integration API call it through this file only.
 */
export { ENTIDADES, esquemasDeLinha, LAYOUTS, type Entidade, type ErroDeLinha } from './layouts';
export { importacaoEmAndamento, importar, iniciarImportacao, MAX_ERROS, mensagemOcupada } from './motor';
export type { OpcoesImportacao, Relatorio } from './tipos';
export { listarImportacoes, obterImportacao, type Importacao, type StatusImportacao } from './repository';
export { documentacao } from './documentacao';
// The same engine inside a transaction the caller holds: the demo seed (seed/arquivos.ts).
export { ArquivoRecusado, importarNaTransacao } from './motor';
