import { formatDate } from '@portal/br';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';
import { useSession, useUsuario } from '@/lib/session-context';

/**
 * The header's line about the active profile: its type and contract, 'Cancelado em …' when its
 * coverage ended, and 'Trocar perfil' when the CPF has several (back to the sign-in with the CPF
 * filled in, where 'Perfis Disponíveis' offers them).
 */
export function PerfilAtivo({ className }: { className?: string }) {
  const usuario = useUsuario();
  const { logout } = useSession();
  const navigate = useNavigate();
  const situacao = useSituacaoDoPlano().data;
  const trocar = () => {
    logout();
    navigate('/login', { replace: true, state: { cpf: usuario.cpf } });
  };
  return (
    <p className={className}>
      <span className="whitespace-nowrap">{situacao?.tipoPerfil ?? usuario.tipoPerfil}</span>
      <span aria-hidden="true"> · </span>
      <span className="whitespace-nowrap">Contrato {usuario.codigoContrato}</span>
      {situacao?.dataCancelamento ? (
        <>
          {' '}
          <Badge variant="destructive">Cancelado em {formatDate(situacao.dataCancelamento)}</Badge>
        </>
      ) : null}
      {situacao && situacao.perfis > 1 ? (
        <>
          {' '}
          <button
            type="button"
            onClick={trocar}
            className="whitespace-nowrap font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            Trocar perfil
          </button>
        </>
      ) : null}
    </p>
  );
}
