import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import { abrirDocumento } from '@/lib/abrir-documento';
import type { DocumentoBloqueado } from './documento-bloqueado-dialog';

type Abrir = (blob: Blob, nome: string) => void;
const AbrirDocumentoContext = createContext<Abrir | null>(null);

// The dialog (and Radix's) loads the first time the browser blocks a document, not with the page:
// it was four of /financeiro's first chunks (issue 19).
const DocumentoBloqueadoDialog = lazy(() =>
  import('./documento-bloqueado-dialog').then((m) => ({ default: m.DocumentoBloqueadoDialog })),
);

/**
 * Opens a page's PDFs (lib/abrir-documento.ts: a new tab on a computer, a download on a phone) and,
 * when the browser blocks that, offers the links. Shared by Financeiro and Meus Protocolos.
 */
export function DocumentosProvider({ children }: { children: ReactNode }) {
  const [bloqueado, setBloqueado] = useState<DocumentoBloqueado | null>(null);
  // Mounted from the first block on, so its closing (focus back to the button) runs as a dialog's.
  const [usado, setUsado] = useState(false);
  const abrir = useCallback<Abrir>((blob, nome) => {
    const r = abrirDocumento(blob, nome);
    if (r.tipo !== 'bloqueado') return;
    setUsado(true);
    setBloqueado({ url: r.url, nome });
  }, []);
  return (
    <AbrirDocumentoContext.Provider value={abrir}>
      {children}
      {usado ? (
        <Suspense fallback={null}>
          <DocumentoBloqueadoDialog bloqueado={bloqueado} onClose={() => setBloqueado(null)} />
        </Suspense>
      ) : null}
    </AbrirDocumentoContext.Provider>
  );
}

export function useAbrirDocumento(): Abrir {
  const abrir = useContext(AbrirDocumentoContext);
  if (!abrir) throw new Error('useAbrirDocumento fora de DocumentosProvider');
  return abrir;
}
