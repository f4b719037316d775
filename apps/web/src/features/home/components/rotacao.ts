/**
 * When the home banners rotate by themselves (WAI-ARIA APG carousel pattern, WCAG 2.2.2):
 * - the mouse over the carousel pauses it while it stays there;
 * - keyboard focus entering it, or a touch on it, stops it until the member presses the rotation
 *   control again ('Reproduzir');
 * - with prefers-reduced-motion: reduce it never starts by itself.
 */
export interface EstadoRotacao {
  /** Stopped by the member (or by the motion preference): only the rotation control restarts it. */
  parado: boolean;
  /** The mouse is over the carousel. */
  mouseSobre: boolean;
}

export type EventoRotacao =
  'alternar' | 'foco-pelo-teclado' | 'toque' | 'mouse-entrou' | 'mouse-saiu' | 'movimento-reduzido';

export const estadoInicial = (movimentoReduzido: boolean): EstadoRotacao => ({
  parado: movimentoReduzido,
  mouseSobre: false,
});

export function rotacao(estado: EstadoRotacao, evento: EventoRotacao): EstadoRotacao {
  switch (evento) {
    case 'alternar':
      return { ...estado, parado: !estado.parado };
    case 'foco-pelo-teclado':
    case 'toque':
    case 'movimento-reduzido':
      return estado.parado ? estado : { ...estado, parado: true };
    case 'mouse-entrou':
      return estado.mouseSobre ? estado : { ...estado, mouseSobre: true };
    case 'mouse-saiu':
      return estado.mouseSobre ? { ...estado, mouseSobre: false } : estado;
  }
}

/** The banners advance by themselves only when nobody stopped them and the mouse is elsewhere. */
export const girando = (e: EstadoRotacao): boolean => !e.parado && !e.mouseSobre;
