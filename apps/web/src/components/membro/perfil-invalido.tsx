import { Alert } from '@/components/ui/alert';

/** docs/produto/comum.md "Who may use it": a member call without perfilAutenticado shows this instead of calling. */
export function PerfilInvalido() {
  return (
    <Alert variant="error" title="Perfil de Usuário Inválido">
      Saia e entre novamente para continuar.
    </Alert>
  );
}
