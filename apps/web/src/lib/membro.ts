import type { PerfilAutenticado } from '@portal/contract';
import { useSession } from './sessao-context';

/**
 * The profile every member call sends (docs/produto/comum.md, "Calls"). Null when the stored user has none (the server
 * answered a non-numeric session code): the page then shows 'Perfil de Usuário Inválido' and
 * calls nothing (docs/produto/comum.md, "Who may use it").
 */
export function usePerfilAutenticado(): PerfilAutenticado | null {
  return useSession().usuario?.perfilAutenticado ?? null;
}
