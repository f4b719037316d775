import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <DocumentTitle title="Página não encontrada" />
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 lang="en" className="text-2xl font-bold">
        Oops! Page not found
      </h1>
      <p className="text-slate-700">A página que você procura não existe ou foi removida.</p>
      <Link to="/" className={buttonVariants()}>
        Voltar para o início
      </Link>
    </main>
  );
}
