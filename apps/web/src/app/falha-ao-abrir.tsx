import type { FallbackProps } from 'react-error-boundary';
import { DocumentTitle } from '@/components/document-title';
import { Button, buttonVariants } from '@/components/ui/button';

/**
 * What a route shows when it cannot be drawn: most often its chunk did not arrive (a phone losing
 * signal between two pages, or a deploy that replaced the files). React.lazy keeps a failed import,
 * so trying again is a reload of the same address, not a re-render.
 */
export function FalhaAoAbrir(_props: FallbackProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center">
      <DocumentTitle title="Não foi possível abrir esta página" />
      <h1 className="text-2xl font-bold text-slate-900">Não foi possível abrir esta página</h1>
      <p className="max-w-md text-slate-700">
        Verifique sua conexão com a internet e tente novamente. Seus dados não foram perdidos.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Tentar novamente</Button>
        <a href="/" className={buttonVariants({ variant: 'secondary' })}>
          Voltar para o início
        </a>
      </div>
    </main>
  );
}
