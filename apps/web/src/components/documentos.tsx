import { ExternalLink, Download } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { abrirDocumento } from '@/lib/abrir-documento';

type Abrir = (blob: Blob, nome: string) => void;
const AbrirDocumentoContext = createContext<Abrir | null>(null);

/**
 * Opens a page's PDFs (lib/abrir-documento.ts: a new tab on a computer, a download on a phone) and,
 * when the browser blocks that, offers the links. Shared by Financeiro and Meus Protocolos.
 */
export function DocumentosProvider({ children }: { children: ReactNode }) {
  const [bloqueado, setBloqueado] = useState<{ url: string; nome: string } | null>(null);
  const abrir = useCallback<Abrir>((blob, nome) => {
    const r = abrirDocumento(blob, nome);
    if (r.tipo === 'bloqueado') setBloqueado({ url: r.url, nome });
  }, []);
  const value = useMemo(() => abrir, [abrir]);
  return (
    <AbrirDocumentoContext.Provider value={value}>
      {children}
      <Dialog open={bloqueado !== null} onOpenChange={(open) => !open && setBloqueado(null)}>
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
                onClick={() => setBloqueado(null)}
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
    </AbrirDocumentoContext.Provider>
  );
}

export function useAbrirDocumento(): Abrir {
  const abrir = useContext(AbrirDocumentoContext);
  if (!abrir) throw new Error('useAbrirDocumento fora de DocumentosProvider');
  return abrir;
}
