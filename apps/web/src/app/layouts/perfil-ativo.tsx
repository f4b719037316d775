import { formatDate } from '@portal/br';
import { Badge } from '@/components/ui/badge';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';
import { useSession, useUsuario } from '@/lib/sessao-context';
import { lembrarCpfParaEntrar } from '@/lib/storage';

/**
 * The header's line about the active profile: its type and contract, 'Cancelado em …' when its
 * coverage ended, and 'Trocar perfil' when the CPF has several (back to the sign-in with the CPF
 * filled in, where 'Perfis Disponíveis' offers them).
 */
export function PerfilAtivo({ className }: { className?: string }) {
  const usuario = useUsuario();
  const { logout } = useSession();
  const situacao = useSituacaoDoPlano().data;
  const trocar = () => {
    lembrarCpfParaEntrar(usuario.cpf);
    logout();
  };
  return (
    <p className={className}>
      <span className="whitespace-nowrap">{usuario.tipoPerfil}</span>
      <span aria-hidden="true"> · </span>
      <span className="whitespace-nowrap">Contrato {usuario.codigoContrato}</span>
      {situacao?.cancelado ? (
        <>
          {' '}
          <Badge variant="destructive">
            {situacao.dataCancelamento ? `Cancelado em ${formatDate(situacao.dataCancelamento)}` : 'Cancelado'}
          </Badge>
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
