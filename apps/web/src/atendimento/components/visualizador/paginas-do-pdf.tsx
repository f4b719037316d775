import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { AnexoVisivel } from './anexo-visivel';

type PdfJs = typeof import('pdfjs-dist');
type Documento = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** Pages drawn at most (a receipt or a report is a few; the rest is behind 'Baixar'). */
const MAX_PAGINAS = 30;

let pdfjs: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded once and only here. Its worker is a file of our own build, served from our origin
 * (worker-src 'self'); pdf.js 6 evaluates no strings, so script-src 'self' is enough; no wasm
 * and no font fetched from anywhere.
 */
function carregarPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return pdfjs;
}

/** The PDF's pages as canvases, fitted to `largura` at 100%, with the zoom and rotation asked. */
export function PaginasDoPdf({
  anexo,
  largura,
  zoom,
  rotacao,
}: {
  anexo: AnexoVisivel;
  largura: number;
  zoom: number;
  rotacao: number;
}) {
  const [doc, setDoc] = useState<Documento | null>(null);
  const [erro, setErro] = useState(false);

  useEffect(() => {
    let vivo = true;
    let tarefa: { destroy: () => Promise<void> } | null = null;
    void (async () => {
      try {
        const [lib, blob] = await Promise.all([carregarPdfJs(), anexo.bytes()]);
        const carregando = lib.getDocument({
          data: new Uint8Array(await blob.arrayBuffer()),
          useSystemFonts: true,
          // script-src 'self' has no 'wasm-unsafe-eval': the image decoders run in JavaScript.
          useWasm: false,
        });
        tarefa = carregando;
        const aberto = await carregando.promise;
        if (vivo) setDoc(aberto);
      } catch {
        if (vivo) setErro(true);
      }
    })();
    return () => {
      vivo = false;
      void tarefa?.destroy();
    };
  }, [anexo]);

  if (erro) return <p role="alert">Não foi possível mostrar o PDF. Use o link Baixar.</p>;
  if (!doc) return <Spinner className="py-10" label="Carregando o PDF..." />;
  const total = doc.numPages;
  const paginas = Array.from({ length: Math.min(total, MAX_PAGINAS) }, (_, i) => i + 1);
  return (
    <div className="space-y-3">
      {paginas.map((n) => (
        <Pagina key={n} doc={doc} numero={n} total={total} largura={largura} zoom={zoom} rotacao={rotacao} />
      ))}
      {total > MAX_PAGINAS ? (
        <p>
          Mostrando as {MAX_PAGINAS} primeiras de {total} páginas. Baixe o arquivo para ver o resto.
        </p>
      ) : null}
    </div>
  );
}

function Pagina(props: {
  doc: Documento;
  numero: number;
  total: number;
  largura: number;
  zoom: number;
  rotacao: number;
}) {
  const { doc, numero, largura, zoom, rotacao } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  // One drawing at a time on a canvas (pdf.js refuses two): the next waits for the one cancelled.
  const anterior = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    let tarefa: { cancel: () => void } | null = null;
    let vivo = true;
    anterior.current = anterior.current.then(async () => {
      const pagina = await doc.getPage(numero);
      const el = canvas.current;
      if (!vivo || !el) return;
      const natural = pagina.getViewport({ scale: 1, rotation: rotacao });
      const escala = Math.min(1.5, largura / natural.width) * zoom;
      const vista = pagina.getViewport({ scale: escala, rotation: rotacao });
      const dpr = window.devicePixelRatio || 1;
      el.width = Math.floor(vista.width * dpr);
      el.height = Math.floor(vista.height * dpr);
      el.style.width = `${Math.floor(vista.width)}px`;
      el.style.height = `${Math.floor(vista.height)}px`;
      const render = pagina.render({
        canvas: el,
        viewport: vista,
        transform: dpr === 1 ? undefined : [dpr, 0, 0, dpr, 0, 0],
      });
      tarefa = render;
      await render.promise.catch(() => undefined);
    });
    return () => {
      vivo = false;
      tarefa?.cancel();
    };
  }, [doc, numero, largura, zoom, rotacao]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`Página ${numero} de ${props.total}`}
      className="mx-auto block bg-white shadow"
    />
  );
}
