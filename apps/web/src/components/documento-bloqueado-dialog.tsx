import { Download, ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

export interface DocumentoBloqueado {
  url: string;
  nome: string;
}

/** When the browser blocked the new tab or the download: the two links, for the member to use. */
export function DocumentoBloqueadoDialog({
  bloqueado,
  onClose,
}: {
  bloqueado: DocumentoBloqueado | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={bloqueado !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Documento pronto</DialogTitle>
        <DialogDescription>
          O navegador não deixou abrir o documento sozinho. Use um dos botões abaixo para abrir ou baixar.
        </DialogDescription>
        {bloqueado ? (
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <a
              href={bloqueado.url}
              target="_blank"
              rel="noreferrer"
              className={buttonVariants({ block: true })}
              onClick={onClose}
            >
              <ExternalLink aria-hidden="true" />
              Abrir documento
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
            <a
              href={bloqueado.url}
              download={bloqueado.nome}
              className={buttonVariants({ variant: 'outline', block: true })}
            >
              <Download aria-hidden="true" />
              Baixar
            </a>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
