/**
 * The brand scale (Tailwind's --color-brand-50…900) derived from the operator's one colour, which
 * becomes brand-700: lighter shades are mixes with white, darker ones with black, in OKLab so the
 * steps look even. The demo's hand-picked scale stays in index.css; this only runs for other colours.
 */
type Rgb = [number, number, number];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toSrgb = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function toOklab([r, g, b]: Rgb): Rgb {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function fromOklab([L, a, b]: Rgb): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    toSrgb(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    toSrgb(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    toSrgb(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const [x, y] = [toOklab(a), toOklab(b)];
  return fromOklab([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];
/** Share of the brand colour in each lighter shade, and of black in each darker one. */
const LIGHTER: Record<number, number> = { 50: 0.07, 100: 0.16, 200: 0.33, 300: 0.52, 500: 0.78, 600: 0.89 };
const DARKER: Record<number, number> = { 800: 0.18, 900: 0.34 };

export function escalaDaMarca(corPrimaria: string): Record<number, string> {
  const base = parseHex(corPrimaria);
  const scale: Record<number, string> = { 700: corPrimaria.toLowerCase() };
  for (const [k, t] of Object.entries(LIGHTER)) scale[Number(k)] = toHex(mix(WHITE, base, t));
  for (const [k, t] of Object.entries(DARKER)) scale[Number(k)] = toHex(mix(base, BLACK, t));
  return scale;
}

/** WCAG 2 contrast ratio of the colour against white. */
export function contrasteComBranco(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (lum + 0.05);
}

/** The CSS that re-brands the SPA: only when the colour is not the demo's own. */
export function temaCss(corPrimaria: string, padrao = '#0b5c7a'): string {
  if (corPrimaria.toLowerCase() === padrao) return '';
  const scale = escalaDaMarca(corPrimaria);
  const vars = Object.entries(scale)
    .map(([k, v]) => `--color-brand-${k}:${v}`)
    .join(';');
  return `:root{${vars}}`;
}
