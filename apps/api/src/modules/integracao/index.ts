/**
 * The integration API and its operator keys (issue 16, decision 0024): what app.ts, services.ts and
 * the CLI (cli/chaves.ts) use. Other areas import this module only through this file.
 */
export { integracaoRoutes } from './routes';
export { IntegracaoService } from './service';
export { ChavesDeIntegracao, ESCOPOS, escopoSchema, SOBREPOSICAO_PADRAO_HORAS } from './chaves';
export { AuditoriaIntegracaoRepository, ChavesRepository } from './repository';
export type { ChaveResumo, Escopo } from './chaves';
