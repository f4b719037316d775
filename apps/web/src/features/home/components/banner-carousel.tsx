import type { Banner } from '@portal/contract';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type FocusEvent, type PointerEvent, useCallback, useEffect, useId, useReducer, useState } from 'react';
import { cn } from '@/lib/cn';
import { bannerSrc, bannerSrcSet, operadora } from '@/lib/operadora';
import { useMediaQuery } from '@/lib/use-media-query';
import { useOnline } from '@/lib/use-online';
import { estadoInicial, girando, rotacao } from './rotacao';

/** docs/produto/home.md "Limits": banner autoplay every 4000 ms. */
export const INTERVALO_BANNER_MS = 4000;

/**
 * Each crop's shape (operadora/demo/README.md: desktop 4:1, mobile 2:1) and the width it is drawn
 * at, from the protected layout: below 768 px the page has 12 px (24 px from 640 px) each side;
 * from 768 px the content is min(100vw, 1280 px) minus 48 px padding, the 240 px menu and a 24 px gap.
 */
const FORMATOS = {
  desktop: { razao: 4, aspecto: 'aspect-[4/1]', sizes: '(min-width: 1280px) 968px, calc(100vw - 312px)' },
  mobile: { razao: 2, aspecto: 'aspect-[2/1]', sizes: '(min-width: 640px) calc(100vw - 48px), calc(100vw - 24px)' },
} as const;
type Formato = keyof typeof FORMATOS;

/** docs/produto/home.md "Screens", "Limits": 4 banners from 768 px, 3 below, switching live when the width crosses it; none offline. */
export function BannerCarousel() {
  const desktop = useMediaQuery('(min-width: 768px)');
  const movimentoReduzido = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Offline the banner images are not there (the service worker keeps the app, not the offers):
  // no carousel rather than broken images with their alt text.
  const online = useOnline();
  const formato: Formato = desktop ? 'desktop' : 'mobile';
  if (!online) return null;
  return (
    <Carrossel
      key={formato}
      formato={formato}
      banners={operadora().banners[formato]}
      movimentoReduzido={movimentoReduzido}
    />
  );
}

interface CarrosselProps {
  formato: Formato;
  banners: readonly Banner[];
  movimentoReduzido: boolean;
}

/**
 * WAI-ARIA APG carousel, "grouped" style: a labelled region, the rotation control first, slides
 * as groups named "n de N" (only the current one reachable by assistive technology), previous /
 * next and one picker button per slide, the current one marked aria-current. Embla moves the
 * slides; its autoplay plugin only keeps time — when it runs is decided by `rotacao`.
 */
function Carrossel({ formato, banners, movimentoReduzido }: CarrosselProps) {
  const id = useId();
  const slidesId = `${id}-slides`;
  const [autoplay] = useState(() =>
    Autoplay({
      delay: INTERVALO_BANNER_MS,
      playOnInit: false,
      jump: movimentoReduzido,
      // A drag stops the timer (and, by touch, the rotation: see onPointerDown); focus and
      // hover are handled by `rotacao`.
      stopOnInteraction: true,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 28 }, [autoplay]);
  const pintado = usePintado();
  const [atual, setAtual] = useState(0);
  const [estado, enviar] = useReducer(rotacao, movimentoReduzido, estadoInicial);
  const ativo = girando(estado);

  useEffect(() => {
    if (!api) return;
    const aoSelecionar = () => setAtual(api.selectedScrollSnap());
    aoSelecionar();
    api.on('select', aoSelecionar).on('reInit', aoSelecionar);
    return () => {
      api.off('select', aoSelecionar).off('reInit', aoSelecionar);
    };
  }, [api]);

  useEffect(() => {
    if (!api) return;
    if (ativo) autoplay.play();
    else autoplay.stop();
  }, [api, autoplay, ativo]);

  useEffect(() => {
    if (movimentoReduzido) enviar('movimento-reduzido');
  }, [movimentoReduzido]);

  const ir = useCallback(
    (destino: 'anterior' | 'proximo' | number) => {
      if (!api) return;
      if (destino === 'anterior') api.scrollPrev(movimentoReduzido);
      else if (destino === 'proximo') api.scrollNext(movimentoReduzido);
      else api.scrollTo(destino, movimentoReduzido);
      // A new slide gets its full 4 s before the next turn.
      autoplay.reset();
    },
    [api, autoplay, movimentoReduzido],
  );

  // APG: keyboard focus entering the carousel stops the rotation (a mouse click does not match
  // :focus-visible, and the mouse already pauses it while over it).
  const aoFocar = (e: FocusEvent<HTMLElement>) => {
    if ((e.target as Element).matches(':focus-visible')) enviar('foco-pelo-teclado');
  };
  // A touch on the carousel (a swipe, a tap on its buttons) means the member took over.
  const aoTocar = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType !== 'mouse' && !(e.target as HTMLElement).closest('[data-rotacao]')) enviar('toque');
  };

  const { razao, aspecto, sizes } = FORMATOS[formato];
  const total = banners.length;
  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques"
      className="flex flex-col gap-2"
      // mouseover rather than mouseenter: a carousel drawn under a resting pointer (the member
      // just clicked 'Entrar' there) gets no mouseenter, only mouseover once the pointer moves.
      onMouseOver={() => enviar('mouse-entrou')}
      onMouseLeave={() => enviar('mouse-saiu')}
      onFocus={aoFocar}
      onPointerDown={aoTocar}
    >
      {/* First in the DOM and the Tab order (APG); shown below the banners (order-last). */}
      <div className="order-last flex items-center justify-between gap-2">
        <button
          type="button"
          data-rotacao
          onClick={() => enviar('alternar')}
          aria-label={estado.parado ? 'Reproduzir rotação dos banners' : 'Pausar rotação dos banners'}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-[15px] font-semibold text-brand-800 hover:bg-brand-50"
        >
          {estado.parado ? (
            <Play aria-hidden="true" className="size-5" />
          ) : (
            <Pause aria-hidden="true" className="size-5" />
          )}
          {estado.parado ? 'Reproduzir' : 'Pausar'}
        </button>
        <div className="flex items-center gap-1">
          <BotaoSeta direcao="anterior" controla={slidesId} onClick={() => ir('anterior')} />
          <div role="group" aria-label="Escolher banner" className="flex items-center">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={`Banner ${i + 1} de ${total}`}
                aria-controls={slidesId}
                aria-current={i === atual ? 'true' : undefined}
                onClick={() => ir(i)}
                className="group inline-flex size-8 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block h-2.5 rounded-full transition-all motion-reduce:transition-none',
                    i === atual ? 'w-6 bg-brand-700' : 'w-2.5 bg-slate-400 group-hover:bg-slate-600',
                  )}
                />
              </button>
            ))}
          </div>
          <BotaoSeta direcao="proximo" controla={slidesId} onClick={() => ir('proximo')} />
        </div>
      </div>
      {/* Embla measures the page when it starts: given the viewport only once the page has been
          painted, it reads a layout the browser has already made instead of forcing the first one
          inside the page's first render (issue 19: a 120 ms task at 4× CPU). Until then the first
          banner is shown as it is (the flex row, the viewport clipping the others). */}
      <div
        ref={pintado ? viewportRef : undefined}
        className={cn('overflow-hidden rounded-2xl bg-brand-50 shadow-sm', aspecto)}
      >
        <div id={slidesId} aria-live={ativo ? 'off' : 'polite'} aria-atomic="false" className="flex touch-pan-y">
          {banners.map((b, i) => (
            <div
              key={b.id}
              role="group"
              aria-roledescription="banner"
              aria-label={`${i + 1} de ${total}`}
              inert={i !== atual}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <BannerImagem banner={b} razao={razao} sizes={sizes} primeiro={i === 0} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * True from the task after the first frame that shows the carousel has been painted (a timeout
 * queued from requestAnimationFrame runs after that frame), false before.
 */
function usePintado() {
  const [pintado, setPintado] = useState(false);
  useEffect(() => {
    let tempo: ReturnType<typeof setTimeout> | undefined;
    const quadro = requestAnimationFrame(() => {
      tempo = setTimeout(() => setPintado(true));
    });
    return () => {
      cancelAnimationFrame(quadro);
      clearTimeout(tempo);
    };
  }, []);
  return pintado;
}

/**
 * The banner as <picture>: AVIF first, WebP otherwise, the width the layout needs (sizes), and
 * its intrinsic size so the box is reserved before the bytes arrive. Only the first is fetched
 * eagerly (it is what the member sees first); the others load lazily.
 */
function BannerImagem({
  banner,
  razao,
  sizes,
  primeiro,
}: {
  banner: Banner;
  razao: number;
  sizes: string;
  primeiro: boolean;
}) {
  const largura = Math.max(...banner.larguras);
  const menor = Math.min(...banner.larguras);
  return (
    <picture>
      <source type="image/avif" srcSet={bannerSrcSet(banner.id, banner.larguras, 'avif')} sizes={sizes} />
      <img
        src={bannerSrc(banner.id, menor, 'webp')}
        srcSet={bannerSrcSet(banner.id, banner.larguras, 'webp')}
        sizes={sizes}
        alt={banner.alt}
        width={largura}
        height={Math.round(largura / razao)}
        loading={primeiro ? 'eager' : 'lazy'}
        fetchPriority={primeiro ? 'high' : 'auto'}
        decoding={primeiro ? 'auto' : 'async'}
        draggable={false}
        className="block h-auto w-full select-none"
      />
    </picture>
  );
}

function BotaoSeta({
  direcao,
  controla,
  onClick,
}: {
  direcao: 'anterior' | 'proximo';
  controla: string;
  onClick: () => void;
}) {
  const Icone = direcao === 'anterior' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={direcao === 'anterior' ? 'Banner anterior' : 'Próximo banner'}
      aria-controls={controla}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-full border-2 border-slate-300 bg-white text-brand-800 hover:border-brand-700 hover:bg-brand-50"
    >
      <Icone aria-hidden="true" className="size-5" />
    </button>
  );
}
