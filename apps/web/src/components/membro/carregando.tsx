import { RotateCcw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Where a list will be: a spinner announced to screen readers. */
export function Carregando({ label = 'Carregando...' }: { label?: string }) {
  return <Spinner className="py-12" label={label} />;
}

/**
 * A failed load, in the page: a way to retry. The call's toast (docs/produto/comum.md, "Messages") has already said what failed,
 * so the page does not say it again (decision 0031) — `titulo` only where no toast was shown.
 */
export function FalhaAoCarregar({
  titulo = 'Não foi possível carregar',
  onTentarNovamente,
}: {
  titulo?: string;
  onTentarNovamente: () => void;
}) {
  return (
    <Alert variant="error" title={titulo}>
      <p>Verifique sua conexão e tente novamente.</p>
      <TentarNovamente onClick={onTentarNovamente} />
    </Alert>
  );
}

/** 'Tentar novamente' under a failure's text, inside its Alert. */
export function TentarNovamente({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" className="mt-3" onClick={onClick}>
      <RotateCcw aria-hidden="true" />
      Tentar novamente
    </Button>
  );
}
