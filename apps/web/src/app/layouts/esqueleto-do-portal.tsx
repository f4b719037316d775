import { formatCpf } from '@portal/br';
import { EsqueletoDaPagina } from '@/components/membro/esqueleto';
import { Bloco } from '@/components/ui/bloco';
import { useSession } from '@/lib/sessao-context';
import { Logo } from './logo';

/**
 * A member page while the protected layout's script is on the way (a direct link, a reload): the
 * header as ProtectedLayout draws it — logo, the member's name and CPF, where 'Sair' and 'Menu'
 * will be — over the page's skeleton, in the main chunk so that it is drawn at once (issue 31). The
 * same boxes as the real header, switched by CSS at 768 px, so nothing moves when it arrives.
 */
export function EsqueletoDoPortal() {
  const { usuario } = useSession();
  const nome = usuario?.nome ?? '';
  const cpf = usuario ? `CPF ${formatCpf(usuario.cpf)}` : '';
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-6">
          <Logo className="mr-auto" />
          <div className="hidden text-right md:block">
            <p className="font-semibold text-slate-900">{nome}</p>
            <p className="text-sm text-slate-700">{cpf}</p>
            <Bloco className="ml-auto mt-1 h-4 w-40" />
          </div>
          <Bloco className="h-11 w-20 rounded-lg" />
        </div>
        <div className="flex items-center gap-3 border-t border-slate-100 px-3 py-1 md:hidden">
          <Bloco className="h-11 w-24 shrink-0 rounded-lg" />
          <div className="min-w-0 text-[15px] leading-snug">
            <p className="flex min-w-0 flex-wrap gap-x-2">
              <span className="font-semibold text-slate-900">{nome}</span>
              <span className="whitespace-nowrap text-slate-700">{cpf}</span>
            </p>
            <Bloco className="mt-1 h-4 w-40" />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-6 px-3 sm:px-6">
        <div aria-hidden="true" className="hidden w-60 shrink-0 space-y-3 py-8 md:block">
          {Array.from({ length: 8 }, (_, i) => (
            <Bloco key={i} className="h-9 w-full rounded-lg" />
          ))}
        </div>
        <main id="conteudo" className="min-w-0 flex-1 py-6 md:py-8">
          <EsqueletoDaPagina />
        </main>
      </div>
    </div>
  );
}
