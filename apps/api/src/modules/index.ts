import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { equipeRoutes } from './atendimento/routes';
import { autorizacoesRoutes } from './autorizacoes/routes';
import { cancelamentoRoutes } from './cancelamento/routes';
import { carteirinhaRoutes } from './carteirinha/routes';
import { carteirinhaDigitalRoutes, verificarCarteirinhaRoutes } from './carteirinha-digital/routes';
import { clubeRoutes, parceiroClubeRoutes, resgateClubeRoutes } from './clube/routes';
import { devRoutes } from './dev/routes';
import { financeiroRoutes } from './financeiro/routes';
import { guiaMedicoRoutes } from './guia-medico/routes';
import { integracaoRoutes } from './integracao';
import { loginRoutes, sessaoRoutes } from './login/routes';
import { meusDadosRoutes } from './meus-dados/routes';
import { medicinaPreventivaRoutes } from './medicina-preventiva/routes';
import { operadoraRoutes } from './operadora/routes';
import { protocolosRoutes } from './protocolos/routes';
import { reembolsoRoutes } from './reembolso';
import { registroRoutes } from './registro/routes';
import { servicosRoutes } from './servicos/routes';
import { situacaoRoutes } from './situacao/routes';
import { tokenRoutes } from './token/routes';
import { utilizacaoRoutes } from './utilizacao/routes';
import { vendaRoutes } from './venda/routes';

/**
 * Every area of the API, under /api, by who may call it. A new area adds one line here (and its
 * services in services.ts, its seed part in seed/index.ts).
 */

/** No token: the token itself and the public operator configuration. */
export const areasPublicas: FastifyPluginAsyncZod[] = [tokenRoutes, operadoraRoutes];

/** The benefits-club partner's server, with its own secret (CLUBE_SECRET) instead of the API token (issue 13). */
export const areasDoParceiro: FastifyPluginAsyncZod[] = [resgateClubeRoutes];

/** The API token (Bearer) only: sign-in, registration, recovery, the provider guide. */
export const areasDoApp: FastifyPluginAsyncZod[] = [
  loginRoutes,
  registroRoutes,
  guiaMedicoRoutes,
  verificarCarteirinhaRoutes,
  parceiroClubeRoutes,
];

/** The API token and a member session (perfilAutenticado + pb_sessao): member data. */
export const areasDoMembro: FastifyPluginAsyncZod[] = [
  sessaoRoutes,
  situacaoRoutes,
  autorizacoesRoutes,
  carteirinhaRoutes,
  // Requests stored with a protocol (decision 0012).
  vendaRoutes,
  servicosRoutes,
  clubeRoutes,
  medicinaPreventivaRoutes,
  utilizacaoRoutes,
  financeiroRoutes,
  carteirinhaDigitalRoutes,
  protocolosRoutes,
  meusDadosRoutes,
  cancelamentoRoutes,
  reembolsoRoutes,
];

/** The operator's systems, with an operator key (Bearer pbk_…), under /api/integracao/v1 (issue 16). */
export const areasDeIntegracao: FastifyPluginAsyncZod[] = [integracaoRoutes];

/** The staff console (decision 0033), under /api/atendimento: the staff cookie pb_equipe only. */
export const areasDaEquipe: FastifyPluginAsyncZod[] = [equipeRoutes];

/** Only outside production (demo-data.md). */
export const areasDeDesenvolvimento: FastifyPluginAsyncZod[] = [devRoutes];
