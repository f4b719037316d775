/**
 * The operator configuration, one place for everyone who reads it: the API at start, the web build
 * (vite.config.ts fills index.html), e2e and bench. The schema is the contract's (the public
 * GET /api/Operadora/Configuracao answer); it is re-exported here so callers need one import.
 */
export { type Operadora, operadoraSchema } from '@portal/contract';
export { envName, loadOperadora, OperadoraInvalida, OVERRIDABLE } from './carregar';
export { paginaComOperadora } from './pagina';
export { contrasteComBranco, escalaDaMarca, temaCss } from './tema';
