import { Minus, Plus, RotateCcw, RotateCw, Scan, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { AnexoVisivel } from './anexo-visivel';
import { PaginasDoPdf } from './paginas-do-pdf';

/**
 * An attachment shown inside the case (issue 31, decision 0057): an image or a PDF beside the data,
 * with zoom and rotation by named buttons and by keyboard (+, −, R, Shift+R, 0). Its own chunk,
 * loaded the first time someone opens one; pdf.js comes later still, only for a PDF.
 */

const ZOOM = { min: 0.5, max: 4, passo: 0.25 } as const;

export default function VisualizadorDeAnexo({ anexo, fechar }: { anexo: AnexoVisivel; fechar: () => void }) {
  const [zoom, setZoom] = useState(1);
  const [rotacao, setRotacao] = useState(0);
  const area = useRef<HTMLDivElement>(null);
  const largura = useLargura(area);
  const pdf = anexo.tipoArquivo === 'application/pdf';

  // The focus goes to the document (the parent keys the viewer by attachment: a new one starts
  // fitted to the width and upright).
  useEffect(() => {
    area.current?.focus();
  }, []);

  const aumentar = () => setZoom((z) => Math.min(ZOOM.max, z + ZOOM.passo));
  const diminuir = () => setZoom((z) => Math.max(ZOOM.min, z - ZOOM.passo));
  const girar = (graus: number) => setRotacao((r) => (r + graus + 360) % 360);
  const ajustar = () => {
    setZoom(1);
    setRotacao(0);
  };

  function teclas(e: KeyboardEvent) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const acao: Record<string, () => void> = {
      '+': aumentar,
      '=': aumentar,
      '-': diminuir,
      r: () => girar(90),
      R: () => girar(-90),
      '0': ajustar,
      Escape: fechar,
    };
    const f = acao[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  }

  return (
    <section aria-label={`Visualização de ${anexo.nomeArquivo}`} className="mt-4 rounded-lg border border-slate-300">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-300 bg-slate-50 p-2">
        <h3 className="mr-auto min-w-0 font-semibold break-all">{anexo.nomeArquivo}</h3>
        <Button variant="outline" size="sm" onClick={diminuir} disabled={zoom <= ZOOM.min} aria-label="Diminuir zoom">
          <Minus aria-hidden="true" />
        </Button>
        <output aria-live="polite" className="min-w-14 text-center tabular-nums">
          {Math.round(zoom * 100)}%
        </output>
        <Button variant="outline" size="sm" onClick={aumentar} disabled={zoom >= ZOOM.max} aria-label="Aumentar zoom">
          <Plus aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => girar(-90)} aria-label="Girar para a esquerda">
          <RotateCcw aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => girar(90)} aria-label="Girar para a direita">
          <RotateCw aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={ajustar} aria-label="Ajustar à largura">
          <Scan aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" onClick={fechar} aria-label="Fechar a visualização">
          <X aria-hidden="true" />
        </Button>
      </div>
      <p id={`teclas-${anexo.id}`} className="px-2 pt-2 text-sm text-slate-700">
        Teclado: + e − para o zoom, R gira para a direita, Shift+R para a esquerda, 0 ajusta, Esc fecha.
      </p>
      <div
        ref={area}
        // Focusable so the keys above (and the arrows, to scroll) work on the document itself.
        tabIndex={0}
        role="group"
        aria-label={`${anexo.nomeArquivo}: zoom ${Math.round(zoom * 100)}%, girado ${rotacao} graus`}
        aria-describedby={`teclas-${anexo.id}`}
        onKeyDown={teclas}
        className="max-h-[75vh] overflow-auto p-2 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-700"
      >
        {largura === 0 ? null : pdf ? (
          <PaginasDoPdf anexo={anexo} largura={largura} zoom={zoom} rotacao={rotacao} />
        ) : (
          <Imagem anexo={anexo} largura={largura} zoom={zoom} rotacao={rotacao} />
        )}
      </div>
    </section>
  );
}

/** The width available inside the scrolling area (the document is fitted to it at 100%). */
function useLargura(ref: React.RefObject<HTMLDivElement | null>): number {
  const [largura, setLargura] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const medir = () => setLargura(Math.max(0, el.clientWidth - 16));
    medir();
    const obs = new ResizeObserver(medir);
    obs.observe(el);
    return () => obs.disconnect();
  }, [ref]);
  return largura;
}

/**
 * The image at its address (img-src 'self': the strict CSP holds), rotated inside a box of the
 * rotated size, so the scroll area follows what is seen. Sizes are set through the DOM's style
 * object, which the CSP's style-src does not govern (only style attributes in HTML).
 */
function Imagem({
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
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [erro, setErro] = useState(false);
  const deitada = rotacao % 180 !== 0;
  const base = natural ? Math.min(1, largura / (deitada ? natural.h : natural.w)) : 1;
  const w = natural ? natural.w * base * zoom : 0;
  const h = natural ? natural.h * base * zoom : 0;
  if (erro) return <p role="alert">Não foi possível mostrar a imagem. Use o link Baixar.</p>;
  return (
    <div
      className="relative mx-auto"
      style={natural ? { width: deitada ? h : w, height: deitada ? w : h } : { width: largura, height: 200 }}
    >
      <img
        src={anexo.url}
        alt={`Anexo ${anexo.nomeArquivo}`}
        onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
        onError={() => setErro(true)}
        className="absolute top-1/2 left-1/2 max-w-none"
        style={{
          width: w || undefined,
          height: h || undefined,
          transform: `translate(-50%, -50%) rotate(${rotacao}deg)`,
        }}
      />
    </div>
  );
}
