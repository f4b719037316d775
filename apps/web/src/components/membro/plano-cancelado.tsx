import { formatDate } from '@portal/br';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Carregando } from './carregando';

/** What a former member still reaches after the plan is cancelled (decision 0018). */
const AINDA_DISPONIVEL = [
  { to: '/financeiro', rotulo: 'Faturas, boletos e informe de IRPF' },
  { to: '/carteirinha', rotulo: 'Histórico da carteirinha' },
  { to: '/protocolos', rotulo: 'Meus Protocolos' },
] as const;

/**
 * 'Plano cancelado em …': said at once on a screen a cancelled profile cannot use (before any
 * form), and as the Home's banner, with what is still available.
 */
export function AvisoPlanoCancelado({
  dataCancelamento,
  motivo,
}: {
  /** Null when no date is on file. */
  dataCancelamento: string | null;
  motivo?: string;
}) {
  const titulo = dataCancelamento ? `Plano cancelado em ${formatDate(dataCancelamento)}` : 'Plano cancelado';
  return (
    <Alert variant="warning" title={titulo} className="max-w-2xl">
      <p>{motivo ?? 'A cobertura deste perfil terminou nessa data.'}</p>
      <p className="mt-2">Você continua acessando:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {AINDA_DISPONIVEL.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="font-semibold text-brand-800 underline underline-offset-4">
              {l.rotulo}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * A screen a cancelled profile cannot use: it says so at once, before any form, instead of
 * refusing at the end. While the plan's situation loads, the screen waits; if it cannot be read,
 * the screen is shown (the server refuses whatever a cancelled plan may not do anyway).
 */
export function SoComPlanoAtivo({
  situacao,
  motivo,
  children,
}: {
  /** useSituacaoDoPlano() of the page. */
  situacao: { isPending: boolean; isError: boolean; data?: { cancelado: boolean; dataCancelamento: string | null } };
  motivo: string;
  children: ReactNode;
}) {
  if (situacao.isPending && !situacao.isError) return <Carregando label="Carregando..." />;
  if (situacao.data?.cancelado)
    return <AvisoPlanoCancelado dataCancelamento={situacao.data.dataCancelamento} motivo={motivo} />;
  return <>{children}</>;
}
