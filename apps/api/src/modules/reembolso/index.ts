/** Reembolso (issue 18): what other modules and services.ts use. */
export { reembolsoRoutes } from './routes';
export { reembolsosIntegracaoRoutes } from './integracao-routes';
export { reembolsosAtendimentoRoutes } from './atendimento-routes';
export { ReembolsoService } from './service';
export { calcularPrevia, estimativaDoPedido, estimativaEmPalavras } from './estimativa';
export { ClienteClamav } from './clamav';
export { ReembolsoRepository } from './repository';
