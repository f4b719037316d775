import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface PaginacaoProps {
  pagina: number;
  totalPaginas: number;
  onIr: (pagina: number) => void;
}

/**
 * docs/produto/guia-medico.md "Screens": Anterior / 'Página X de Y' / Próxima, only with more than one page. On a phone the
 * page number sits above the two buttons, which share the width.
 */
export function Paginacao({ pagina, totalPaginas, onIr }: PaginacaoProps) {
  if (totalPaginas <= 1) return null;
  return (
    <nav
      aria-label="Paginação dos resultados"
      className="grid grid-cols-2 items-center gap-3 sm:flex sm:justify-center sm:gap-4"
    >
      <p className="col-span-2 text-center font-semibold tabular-nums text-slate-900 sm:order-2">
        Página {pagina} de {totalPaginas}
      </p>
      <Button
        variant="outline"
        className="sm:order-1"
        disabled={pagina <= 1}
        onClick={() => onIr(Math.min(pagina - 1, totalPaginas))}
      >
        <ChevronLeft aria-hidden="true" />
        Anterior
      </Button>
      <Button
        variant="outline"
        className="sm:order-3"
        disabled={pagina >= totalPaginas}
        onClick={() => onIr(pagina + 1)}
      >
        Próxima
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
