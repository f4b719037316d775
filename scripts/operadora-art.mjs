// `node scripts/operadora-art.mjs`: draws the demo operator's images (Saúde Exemplo) into
// operadora/demo/: logo, home-carousel banners (WebP + AVIF at several widths) and their
// banners.json, provider quality seals and app icons. Everything is SVG written here, rasterised
// with sharp; text is converted to outlines from Liberation Sans, so the output does not depend on
// which fonts the browser or librsvg would pick. Same font files and sharp version in, same bytes out.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import sharp from 'sharp';

const DEMO = fileURLToPath(new URL('../operadora/demo/', import.meta.url));
const PUBLIC = join(DEMO, 'public');

const C = {
  brand50: '#eef8fb',
  brand100: '#d5eef5',
  brand200: '#a9dbe9',
  brand300: '#72c2d9',
  brand500: '#1b8fb0',
  brand600: '#0f7594',
  brand700: '#0b5c7a',
  brand800: '#0a4a62',
  brand900: '#093a4d',
  accent600: '#0f766e',
  accent700: '#115e59',
  teal100: '#ccfbf1',
  teal300: '#5eead4',
  rose100: '#ffe4e6',
  rose300: '#fda4af',
  rose400: '#fb7185',
  rose800: '#9f1239',
  peach: '#fed7aa',
  slate900: '#0f172a',
  slate700: '#334155',
  slate500: '#64748b',
  slate400: '#94a3b8',
  slate200: '#e2e8f0',
  white: '#ffffff',
  red: '#dc2626',
  green: '#15803d',
  amber: '#f59e0b',
};
const PELE = ['#8d5524', '#c68642', '#f1c27d'];
const CABELO = ['#2d1b12', '#4a2c1a'];

// ---------------------------------------------------------------------------------------------
// Fonts: a small TrueType reader (cmap format 4, glyf with composites, hmtx, kern format 0).

const FONT_DIRS = [
  process.env.FONTES_DIR,
  '/usr/share/fonts/truetype/liberation', // Debian, Ubuntu: fonts-liberation
  '/usr/share/fonts/liberation-sans', // Fedora
  '/usr/share/fonts/liberation', // Arch
].filter(Boolean);

function fontFile(name) {
  for (const dir of FONT_DIRS) if (existsSync(join(dir, name))) return join(dir, name);
  throw new Error(`${name} not found in ${FONT_DIRS.join(', ')}: install fonts-liberation or set FONTES_DIR`);
}

function loadFont(file) {
  const b = readFileSync(file);
  const t = {};
  for (let i = 0; i < b.readUInt16BE(4); i++) {
    const o = 12 + i * 16;
    t[b.toString('latin1', o, o + 4)] = b.readUInt32BE(o + 8);
  }
  const unitsPerEm = b.readUInt16BE(t.head + 18);
  const longLoca = b.readInt16BE(t.head + 50) === 1;
  const nHMetrics = b.readUInt16BE(t.hhea + 34);
  const loca = (g) => (longLoca ? b.readUInt32BE(t.loca + 4 * g) : b.readUInt16BE(t.loca + 2 * g) * 2);
  const advance = (g) => b.readUInt16BE(t.hmtx + 4 * Math.min(g, nHMetrics - 1));

  let sub = -1;
  for (let i = 0; i < b.readUInt16BE(t.cmap + 2); i++) {
    const o = t.cmap + 4 + i * 8;
    if (b.readUInt16BE(o) === 3 && b.readUInt16BE(o + 2) === 1) sub = t.cmap + b.readUInt32BE(o + 4);
  }
  if (sub < 0 || b.readUInt16BE(sub) !== 4) throw new Error(`${file}: no Unicode BMP (3, 1) format 4 cmap`);
  const segX2 = b.readUInt16BE(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  const glyphOf = (cp) => {
    for (let s = 0; s < segX2; s += 2) {
      if (cp > b.readUInt16BE(ends + s)) continue;
      const start = b.readUInt16BE(starts + s);
      if (cp < start) return 0;
      const delta = b.readUInt16BE(deltas + s);
      const ro = b.readUInt16BE(ranges + s);
      if (ro === 0) return (cp + delta) & 0xffff;
      const g = b.readUInt16BE(ranges + s + ro + 2 * (cp - start));
      return g ? (g + delta) & 0xffff : 0;
    }
    return 0;
  };

  const kern = new Map();
  if (t.kern !== undefined && b.readUInt16BE(t.kern) === 0) {
    const o = t.kern + 4;
    if (b.readUInt16BE(o + 4) >> 8 === 0) {
      for (let i = 0; i < b.readUInt16BE(o + 6); i++) {
        const p = o + 14 + i * 6;
        kern.set(b.readUInt16BE(p) * 65536 + b.readUInt16BE(p + 2), b.readInt16BE(p + 4));
      }
    }
  }

  const contours = (g) => {
    if (loca(g + 1) === loca(g)) return [];
    const start = t.glyf + loca(g);
    const nc = b.readInt16BE(start);
    if (nc < 0) {
      const out = [];
      let o = start + 10;
      let flags;
      do {
        flags = b.readUInt16BE(o);
        const part = b.readUInt16BE(o + 2);
        o += 4;
        const words = flags & 1;
        const dx = words ? b.readInt16BE(o) : b.readInt8(o);
        const dy = words ? b.readInt16BE(o + 2) : b.readInt8(o + 1);
        o += words ? 4 : 2;
        if (!(flags & 2)) throw new Error(`${file}: point-matched composite glyphs are not supported`);
        const f2 = (p) => b.readInt16BE(p) / 16384;
        let [xx, yx, xy, yy] = [1, 0, 0, 1];
        if (flags & 0x08) {
          xx = yy = f2(o);
          o += 2;
        } else if (flags & 0x40) {
          [xx, yy] = [f2(o), f2(o + 2)];
          o += 4;
        } else if (flags & 0x80) {
          [xx, yx, xy, yy] = [f2(o), f2(o + 2), f2(o + 4), f2(o + 6)];
          o += 8;
        }
        for (const c of contours(part))
          out.push(c.map((p) => ({ x: xx * p.x + xy * p.y + dx, y: yx * p.x + yy * p.y + dy, on: p.on })));
      } while (flags & 0x20);
      return out;
    }
    const endPts = Array.from({ length: nc }, (_, i) => b.readUInt16BE(start + 10 + 2 * i));
    const nPts = endPts[nc - 1] + 1;
    let p = start + 12 + 2 * nc + b.readUInt16BE(start + 10 + 2 * nc);
    const flags = [];
    while (flags.length < nPts) {
      const f = b.readUInt8(p++);
      flags.push(f);
      if (f & 8) for (let r = b.readUInt8(p++); r > 0; r--) flags.push(f);
    }
    const coords = (short, same) => {
      let v = 0;
      return flags.map((f) => {
        if (f & short) {
          const d = b.readUInt8(p++);
          v += f & same ? d : -d;
        } else if (!(f & same)) {
          v += b.readInt16BE(p);
          p += 2;
        }
        return v;
      });
    };
    const xs = coords(2, 16);
    const ys = coords(4, 32);
    const out = [];
    let first = 0;
    for (const last of endPts) {
      out.push(xs.slice(first, last + 1).map((x, i) => ({ x, y: ys[first + i], on: (flags[first + i] & 1) === 1 })));
      first = last + 1;
    }
    return out;
  };
  return { unitsPerEm, glyphOf, advance, kern, contours };
}

const BOLD = loadFont(fontFile('LiberationSans-Bold.ttf'));
const REGULAR = loadFont(fontFile('LiberationSans-Regular.ttf'));

/** Number for SVG: at most two decimals, no trailing zeros. */
const n = (v) => String(Math.round(v * 100) / 100);

/** Advance width of `str` at `size` px (with kerning and extra letter `spacing`). */
function measure(font, str, size, spacing = 0) {
  return outline(font, str, size, 0, 0, spacing, false).width;
}

/** Text as one SVG path `d`, baseline at (x, y), plus its advance width and ink box. */
function outline(font, str, size, x, y, spacing = 0, draw = true) {
  const s = size / font.unitsPerEm;
  const glyphs = [...str].map((ch) => {
    const g = font.glyphOf(ch.codePointAt(0));
    if (!g) throw new Error(`${JSON.stringify(ch)} is not in the font`);
    return g;
  });
  let pen = 0;
  let d = '';
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  glyphs.forEach((g, i) => {
    if (draw) {
      for (const c of font.contours(g)) {
        // TrueType contours are quadratic; two off-curve points in a row imply an on-curve midpoint.
        const pts = [];
        c.forEach((p, j) => {
          const q = c[(j + 1) % c.length];
          pts.push(p);
          if (!p.on && !q.on) pts.push({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2, on: true });
        });
        const k = pts.findIndex((p) => p.on);
        const ring = [...pts.slice(k), ...pts.slice(0, k), pts[k]];
        const X = (p) => x + (pen + p.x) * s;
        const Y = (p) => y - p.y * s;
        for (const p of ring) {
          box.x0 = Math.min(box.x0, X(p));
          box.x1 = Math.max(box.x1, X(p));
          box.y0 = Math.min(box.y0, Y(p));
          box.y1 = Math.max(box.y1, Y(p));
        }
        d += `M${n(X(ring[0]))} ${n(Y(ring[0]))}`;
        for (let j = 1; j < ring.length; j++) {
          const p = ring[j];
          if (p.on) d += `L${n(X(p))} ${n(Y(p))}`;
          else {
            d += `Q${n(X(p))} ${n(Y(p))} ${n(X(ring[j + 1]))} ${n(Y(ring[j + 1]))}`;
            j++;
          }
        }
        d += 'Z';
      }
    }
    pen += font.advance(g) + spacing / s;
    if (i + 1 < glyphs.length) pen += font.kern.get(g * 65536 + glyphs[i + 1]) ?? 0;
  });
  return { d, width: pen * s - (glyphs.length ? spacing : 0), box };
}

/**
 * Word wrap to lines no wider than `max`, balanced: as narrow as the same number of lines allows.
 * Copy can also break lines itself with '\n' (each part is wrapped on its own).
 */
function wrap(font, str, size, max) {
  const greedy = (part, limit) => {
    const lines = [];
    for (const word of part.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && measure(font, `${last} ${word}`, size) <= limit) lines[lines.length - 1] += ` ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  return str.split('\n').flatMap((part) => {
    const count = greedy(part, max).length;
    let [lo, hi] = [0, max];
    while (hi - lo > 1) {
      const mid = (lo + hi) / 2;
      if (greedy(part, mid).length <= count) hi = mid;
      else lo = mid;
    }
    return greedy(part, hi);
  });
}

// WCAG 2 contrast: every piece of text is checked against the colours it sits on.
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
const contrastLog = [];
function checkContrast(label, fg, backgrounds, min = 4.5) {
  for (const bg of backgrounds) {
    const ratio = contrast(fg, bg);
    if (ratio < min) throw new Error(`${label}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1, below ${min}:1`);
    contrastLog.push({ label, fg, bg, ratio });
  }
}

/**
 * One line of text as a path. `on` lists the background colours under it (contrast-checked);
 * `box` is the area it must stay inside (checked, so nothing is clipped or runs into the art).
 */
function text(str, { font = BOLD, size, x, y, fill, anchor = 'start', spacing = 0, on, box, label = str }) {
  const w = measure(font, str, size, spacing);
  const x0 = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
  const o = outline(font, str, size, x0, y, spacing);
  if (on) checkContrast(label, fill, on);
  if (box) {
    const [bx, by, bw, bh] = box;
    if (o.box.x0 < bx || o.box.x1 > bx + bw || o.box.y0 < by || o.box.y1 > by + bh)
      throw new Error(
        `"${str}" (${n(o.box.x0)}..${n(o.box.x1)}, ${n(o.box.y0)}..${n(o.box.y1)}) leaves its box ${box}`,
      );
  }
  return `<path fill="${fill}" d="${o.d}"/>`;
}

// ---------------------------------------------------------------------------------------------
// Shapes.

const svgDoc = (w, h, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
  (defs ? `<defs>${defs}</defs>` : '') +
  body +
  '</svg>';
const g = (transform, body, extra = '') => `<g transform="${transform}"${extra}>${body}</g>`;
const linear = (id, stops, x2 = 1, y2 = 0) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
  stops.map((c, i) => `<stop offset="${n(i / (stops.length - 1))}" stop-color="${c}"/>`).join('') +
  '</linearGradient>';

/** Heart 100 wide × 90 tall, top-left at the origin. */
const HEART =
  'M50 88C20 66 0 48 0 27 0 12 12 0 27 0c11 0 19 6 23 15 4-9 12-15 23-15 15 0 27 12 27 27 0 21-20 39-50 61z';
const heart = (x, y, w, fill, rot = 0) =>
  g(`translate(${x} ${y}) rotate(${rot}) scale(${n(w / 100)})`, `<path fill="${fill}" d="${HEART}"/>`);
/** Plus sign centred on (x, y). */
const plus = (x, y, s, fill) => {
  const a = s / 2;
  const b = s / 6;
  return `<path fill="${fill}" d="M${n(x - b)} ${n(y - a)}h${n(2 * b)}v${n(a - b)}h${n(a - b)}v${n(2 * b)}h${n(b - a)}v${n(a - b)}h${n(-2 * b)}v${n(b - a)}h${n(b - a)}v${n(-2 * b)}h${n(a - b)}z"/>`;
};
const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const rect = (x, y, w, h, rx, fill, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" fill="${fill}"${extra}/>`;
/** A grid of small dots (decoration). */
const dots = (x, y, cols, rows, gap, r, fill) => {
  let out = '';
  for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) out += circle(x + i * gap, y + j * gap, r, fill);
  return `<g opacity=".5">${out}</g>`;
};
/** Teardrop pointing up, `h` tall, tip at (x, y). */
const drop = (x, y, h, fill) => {
  const r = h * 0.36;
  return `<path fill="${fill}" d="M${n(x)} ${n(y)}C${n(x + r * 0.4)} ${n(y + h * 0.3)} ${n(x + r)} ${n(y + h - 1.6 * r)} ${n(x + r)} ${n(y + h - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x - r)} ${n(y + h - r)}C${n(x - r)} ${n(y + h - 1.6 * r)} ${n(x - r * 0.4)} ${n(y + h * 0.3)} ${n(x)} ${n(y)}z"/>`;
};

// ---------------------------------------------------------------------------------------------
// The mark: a plus sign made of four leaves that meet in the centre (care, growth, four colours).

/** The four leaves in a 48 × 48 box; `fills` top, right, bottom, left. */
function mark(fills, gap = 1.4) {
  // One leaf pointing up: a pointed inner end at the centre, a rounded outer end.
  const leaf = `M24 ${24 - gap}L${17 + gap / 2} ${17 - gap / 2}V10a7 7 0 0 1 14 0v${n(7 - gap / 2)}z`;
  return fills.map((f, i) => `<path fill="${f}" transform="rotate(${i * 90} 24 24)" d="${leaf}"/>`).join('');
}
const MARK_COLOURS = [C.brand500, C.accent600, C.brand700, C.brand300];

function logo(branco) {
  const size = 27;
  const x = 60;
  const base = 33.5;
  const saude = 'Saúde';
  const wSaude = measure(BOLD, `${saude} `, size);
  const wTotal = wSaude + measure(BOLD, 'Exemplo', size);
  const w = Math.ceil(x + wTotal + 2);
  const body =
    mark(branco ? Array(4).fill(C.white) : MARK_COLOURS) +
    text(saude, { size, x, y: base, fill: branco ? C.white : C.brand800, box: [0, 0, w, 48] }) +
    text('Exemplo', { size, x: x + wSaude, y: base, fill: branco ? C.white : C.accent600, box: [0, 0, w, 48] });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} 48" role="img" aria-label="Saúde Exemplo"><title>Saúde Exemplo</title>${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Illustrations, each drawn around its own origin.

/** Smartphone 180 × 330 with a doctor on a video call. */
function phoneDoctor(id) {
  const skin = PELE[1];
  const screen = `<clipPath id="${id}-tela"><rect x="9" y="9" width="162" height="312" rx="21"/></clipPath>`;
  const doctor =
    rect(9, 9, 162, 312, 21, `url(#${id}-fundo)`) +
    // white coat over teal scrubs
    `<path fill="${C.white}" d="M22 330c0-70 24-110 68-114 44 4 68 44 68 114z"/>` +
    `<path fill="${C.accent600}" d="M72 220l18 38 18-38z"/>` +
    `<path fill="${C.brand100}" d="M72 220l-6 10 16 52 8-24zm36 0l6 10-16 52-8-24z"/>` +
    rect(78, 186, 24, 40, 10, skin) +
    circle(59, 176, 7, skin) +
    circle(121, 176, 7, skin) +
    circle(90, 174, 31, skin) +
    `<path fill="${CABELO[0]}" d="M58 178c-4-30 14-46 36-45 22 1 34 16 29 42-5-13-14-21-31-22-11 1-21 6-26 14-3 4-6 8-8 11z"/>` +
    // stethoscope
    `<path fill="none" stroke="${C.slate700}" stroke-width="4" stroke-linecap="round" d="M70 224c-4 16 2 26 14 30m26-30c4 16-2 26-14 30"/>` +
    circle(90, 256, 7, C.slate400, ` stroke="${C.slate700}" stroke-width="4"`) +
    // self view
    rect(120, 30, 40, 54, 9, C.brand300) +
    circle(140, 50, 9, C.brand800) +
    `<path fill="${C.brand800}" d="M124 84c0-14 7-21 16-21s16 7 16 21z"/>` +
    // call controls
    g(
      'translate(0 8)',
      rect(36, 256, 108, 46, 23, C.slate900, ' opacity=".72"') +
        circle(60, 279, 14, C.slate200) +
        circle(90, 279, 16, C.red) +
        circle(120, 279, 14, C.slate200) +
        `<path fill="none" stroke="${C.white}" stroke-width="4" stroke-linecap="round" d="M82 282c5-4 11-4 16 0"/>` +
        rect(56, 271, 8, 12, 4, C.slate700) +
        `<path fill="none" stroke="${C.slate700}" stroke-width="2.5" d="M54 279a6 6 0 0 0 12 0m-6 6v4"/>` +
        rect(112, 273, 12, 12, 2, C.slate700) +
        `<path fill="${C.slate700}" d="M124 279l6-5v10z"/>`,
    );
  return {
    defs: screen + linear(`${id}-fundo`, [C.brand50, C.brand100], 0, 1),
    body:
      rect(0, 0, 180, 330, 30, C.slate900) +
      `<g clip-path="url(#${id}-tela)">${doctor}</g>` +
      rect(66, 16, 48, 8, 4, C.slate900),
  };
}

/** Speech bubble with a heart and a heartbeat line, 170 × 84, tail at bottom right. */
function pulseBubble() {
  return (
    `<path fill="${C.white}" d="M20 0h130a20 20 0 0 1 20 20v40a20 20 0 0 1-20 20h-12l4 20-26-20H20A20 20 0 0 1 0 60V20A20 20 0 0 1 20 0z"/>` +
    heart(18, 24, 36, C.rose400) +
    `<path fill="none" stroke="${C.accent600}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" d="M64 42h18l8-18 12 34 10-24 6 8h34"/>`
  );
}

/** Round "24h" badge of radius r. */
function badge24h(r) {
  return (
    circle(0, 0, r, C.white) +
    circle(0, 0, r - 7, 'none', ` stroke="${C.accent600}" stroke-width="4" stroke-dasharray="6 5"`) +
    text('24h', { size: r * 0.62, x: 0, y: r * 0.22, anchor: 'middle', fill: C.brand900, on: [C.white] })
  );
}

/** Shield 180 × 200 with a white plus. */
function shield() {
  const d = 'M90 0l84 30v62c0 54-36 92-84 108C42 184 6 146 6 92V30z';
  return (
    `<path fill="${C.brand700}" d="${d}"/>` +
    `<path fill="${C.brand600}" d="M90 0l84 30v62c0 54-36 92-84 108z"/>` +
    `<path fill="none" stroke="${C.brand300}" stroke-width="4" opacity=".6" d="M90 18l68 24v50c0 44-28 76-68 90-40-14-68-46-68-90V42z"/>` +
    plus(90, 96, 84, C.white)
  );
}

/** Syringe lying along +x from the origin (plunger end), about 300 long. */
function syringe() {
  const ticks = [96, 118, 140, 162].map((x) => `M${x} -22v14`).join('');
  return (
    rect(-84, -26, 14, 52, 5, C.brand800) +
    rect(-72, -7, 60, 14, 3, C.slate400) +
    rect(-14, -34, 14, 68, 5, C.brand800) +
    rect(0, -22, 196, 44, 10, C.white, ` stroke="${C.brand800}" stroke-width="4"`) +
    rect(76, -16, 114, 32, 6, C.teal300) +
    rect(60, -16, 16, 32, 3, C.slate700) +
    `<path fill="none" stroke="${C.brand800}" stroke-width="3" d="${ticks}"/>` +
    rect(196, -11, 28, 22, 4, C.brand800) +
    `<path stroke="${C.slate500}" stroke-width="4" stroke-linecap="round" d="M224 0h70"/>`
  );
}

/** Flu virus (to be kept away), radius r with spikes. */
function virus(r, fill) {
  let spikes = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    spikes += `M${n(c * r)} ${n(s * r)}L${n(c * r * 1.45)} ${n(s * r * 1.45)}`;
    spikes += `M${n(c * r * 1.45 + s * 6)} ${n(s * r * 1.45 - c * 6)}L${n(c * r * 1.45 - s * 6)} ${n(s * r * 1.45 + c * 6)}`;
  }
  return (
    `<path fill="none" stroke="${fill}" stroke-width="5" stroke-linecap="round" d="${spikes}"/>` +
    circle(0, 0, r, fill) +
    circle(-r * 0.3, -r * 0.25, r * 0.2, C.white, ' opacity=".45"') +
    circle(r * 0.3, r * 0.3, r * 0.14, C.white, ' opacity=".45"')
  );
}

/** Calendar card 120 × 120 with one day ticked. */
function calendar() {
  let days = '';
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 4; c++)
      if (!(r === 1 && c === 2)) days += rect(14 + c * 25, 50 + r * 22, 16, 12, 3, C.brand100);
  return (
    rect(0, 6, 120, 114, 16, C.white) +
    `<path fill="${C.brand700}" d="M16 6h88a16 16 0 0 1 16 16v14H0V22A16 16 0 0 1 16 6z"/>` +
    rect(26, 0, 10, 20, 5, C.brand900) +
    rect(84, 0, 10, 20, 5, C.brand900) +
    days +
    circle(72, 78, 15, C.accent600) +
    `<path fill="none" stroke="${C.white}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round" d="M65 78l5 5 9-10"/>`
  );
}

/** Pregnant woman, profile facing right, in a 220 × 300 box (feet cut by the frame). */
function mother(skin, hair, dress, shade) {
  return (
    `<path fill="${skin}" d="M114 92h24l-4 30h-22z"/>` +
    g(
      'translate(0 6)',
      circle(96, 48, 19, hair) +
        `<path fill="${skin}" d="M126 30c18 0 32 12 33 30l8 13c1 3-1 5-4 5h-4l-1 8c-1 7-6 10-12 10h-8c-15-2-28-15-28-33 0-19 10-33 16-33z"/>` +
        `<path fill="${hair}" d="M108 96c-14-10-18-30-10-46 8-16 26-24 44-18 10 4 16 12 18 22-14-4-28 0-34 10-4 7-2 16-6 22-3 5-8 8-12 10z"/>`,
    ) +
    `<path fill="${dress}" d="M104 118c12-8 34-8 44 0 8 8 8 22 4 34 34 10 54 36 52 64-2 24-18 38-40 42l18 42H66c8-50 18-96 22-136 2-26 6-40 16-46z"/>` +
    `<path fill="none" stroke="${shade}" stroke-width="5" stroke-linecap="round" opacity=".5" d="M170 178c16 10 24 24 22 40"/>` +
    `<path fill="none" stroke="${skin}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round" d="M124 136c-4 28 0 52 14 64 12 10 28 12 40 7"/>` +
    `<path fill="none" stroke="${shade}" stroke-width="24" stroke-linecap="round" d="M126 128c-1 6-2 12-2 16"/>` +
    `<ellipse cx="182" cy="205" rx="12" ry="9" fill="${skin}" transform="rotate(-20 182 205)"/>`
  );
}

/** Laptop with the portal's invoice page, 360 × 240. */
function laptop() {
  const bars = (x, y, ws, fill) => ws.map((w, i) => rect(x, y + i * 16, w, 8, 4, fill)).join('');
  let code = '';
  const widths = [3, 1, 2, 1, 3, 2, 1, 1, 3, 1, 2, 2, 1, 3, 1, 2, 1, 1, 2, 3, 1, 2, 1, 3, 1, 1, 2, 1, 3, 2];
  let cx = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) code += rect(64 + cx, 150, w * 1.6, 26, 0, C.slate900);
    cx += w * 1.6 + 1.6;
  });
  return (
    rect(20, 0, 320, 214, 14, C.slate900) +
    rect(30, 10, 300, 192, 6, C.white) +
    rect(30, 10, 300, 30, 0, C.brand700) +
    g('translate(40 14) scale(.46)', mark(Array(4).fill(C.white))) +
    bars(70, 21, [70], C.brand200) +
    rect(44, 54, 272, 136, 10, C.brand50) +
    bars(60, 66, [120, 80], C.slate400) +
    rect(60, 100, 96, 30, 6, C.white) +
    text('R$ 489,90', { size: 17, x: 108, y: 121, anchor: 'middle', fill: C.brand900, on: [C.white] }) +
    code +
    rect(226, 100, 76, 30, 15, C.accent600) +
    text('Pagar', { size: 16, x: 264, y: 121, anchor: 'middle', fill: C.white, on: [C.accent600] }) +
    `<path fill="${C.slate400}" d="M0 214h360l-14 22a8 8 0 0 1-7 4H21a8 8 0 0 1-7-4z"/>` +
    rect(150, 214, 60, 7, 3.5, C.slate500)
  );
}

/** A paper invoice (boleto), 150 × 196. */
function invoice(band) {
  let code = '';
  const widths = [2, 1, 3, 1, 1, 2, 3, 1, 2, 1, 1, 3, 2, 1, 2, 1, 3, 1, 1, 2, 2, 1, 3, 1];
  let cx = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) code += rect(20 + cx, 146, w * 2, 32, 0, C.slate900);
    cx += w * 2 + 2;
  });
  return (
    rect(0, 0, 150, 196, 10, C.white, ` stroke="${C.slate200}" stroke-width="2"`) +
    `<path fill="${band}" d="M10 0h130a10 10 0 0 1 10 10v24H0V10A10 10 0 0 1 10 0z"/>` +
    [50, 66, 82].map((y, i) => rect(20, y, [110, 80, 96][i], 8, 4, C.slate200)).join('') +
    text('R$', { size: 22, x: 20, y: 126, fill: C.brand900, on: [C.white] }) +
    rect(56, 110, 74, 16, 5, C.brand200) +
    code
  );
}

/** Check in a circle. */
const check = (r, fill) =>
  circle(0, 0, r, fill) +
  `<path fill="none" stroke="${C.white}" stroke-width="${n(r * 0.2)}" stroke-linecap="round" stroke-linejoin="round" d="M${n(-r * 0.42)} ${n(r * 0.02)}l${n(r * 0.28)} ${n(r * 0.28)} ${n(r * 0.52)}-${n(r * 0.56)}"/>`;

/** Stack of coins, bottom centre at the origin. */
function coins(count) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const y = -i * 14;
    out += `<ellipse cx="0" cy="${y}" rx="40" ry="13" fill="#b45309"/>` + rect(-40, y - 12, 80, 12, 0, '#b45309');
    out += `<ellipse cx="0" cy="${y - 12}" rx="40" ry="13" fill="${C.amber}"/>`;
  }
  const top = -(count - 1) * 14 - 12;
  return out + `<ellipse cx="0" cy="${top}" rx="26" ry="8" fill="none" stroke="#fcd34d" stroke-width="3"/>`;
}

// ---------------------------------------------------------------------------------------------
// Banners.

const DESKTOP = { w: 1600, h: 400, larguras: [800, 1200, 1600] };
const MOBILE = { w: 750, h: 375, larguras: [375, 750] };

/** Each theme: its text, colours and art for both crops. */
const TEMAS = [
  {
    chamada: 'Atendimento on-line',
    titulo: 'Telemedicina 24 horas',
    tituloMobile: ['Telemedicina', '24 horas'],
    sub: 'Consulte sem sair de casa, pelo celular ou computador.',
    subMobile: 'Consulte sem sair de casa.',
    fundo: [C.brand900, C.brand700],
    texto: C.white,
    textoSub: C.brand100,
    pilula: [C.teal300, C.brand900],
    desktop(id) {
      const p = phoneDoctor(id);
      return {
        defs: p.defs,
        body:
          circle(1290, 200, 230, C.brand600, ' opacity=".45"') +
          circle(
            1290,
            200,
            168,
            'none',
            ` stroke="${C.brand300}" stroke-width="3" stroke-dasharray="4 12" opacity=".7"`,
          ) +
          dots(1470, 40, 5, 4, 18, 3, C.brand300) +
          g('translate(1200 46) rotate(-5)', p.body) +
          g('translate(1020 96)', pulseBubble()) +
          g('translate(1448 300)', badge24h(56)) +
          plus(1090, 300, 28, C.teal300) +
          plus(1150, 350, 16, C.brand300) +
          plus(1510, 180, 20, C.brand300),
      };
    },
    mobile(id) {
      const p = phoneDoctor(id);
      return {
        defs: p.defs,
        body:
          circle(585, 190, 170, C.brand600, ' opacity=".45"') +
          dots(640, 22, 5, 3, 18, 3, C.brand300) +
          g('translate(500 26) rotate(-5) scale(.98)', p.body) +
          g('translate(478 296)', badge24h(42)) +
          plus(462, 90, 26, C.teal300),
      };
    },
  },
  {
    chamada: 'Prevenção',
    titulo: 'Vacinação em dia',
    tituloMobile: ['Vacinação', 'em dia'],
    sub: 'Campanha de vacinação contra a gripe:\nproteja você e sua família.',
    subMobile: 'Campanha contra a gripe.',
    fundo: [C.brand50, C.brand100],
    texto: C.brand900,
    textoSub: C.brand800,
    pilula: [C.accent600, C.white],
    desktop() {
      return {
        body:
          `<path fill="${C.brand200}" opacity=".55" d="M1000 400c-30-120 40-250 200-300 130-40 260-20 400-80v380z"/>` +
          circle(1270, 200, 175, C.white, ' opacity=".8"') +
          dots(1440, 36, 5, 4, 18, 3, C.brand300) +
          g('translate(1070 96)', shield()) +
          g('translate(1042 76)', virus(22, C.rose400)) +
          g('translate(1262 250) scale(.8)', calendar()) +
          g('translate(1460 306) rotate(-140) scale(.9)', syringe()) +
          drop(1232, 86, 30, C.brand500) +
          drop(1208, 60, 20, C.brand300) +
          plus(1530, 200, 22, C.accent600),
      };
    },
    mobile() {
      return {
        body:
          `<path fill="${C.brand200}" opacity=".55" d="M470 375c-10-110 60-220 180-250 40-10 70-20 100-40v290z"/>` +
          circle(596, 196, 150, C.white, ' opacity=".8"') +
          g('translate(524 92) scale(.86)', shield()) +
          g('translate(488 292) rotate(-40) scale(.74)', syringe()) +
          g('translate(486 80)', virus(18, C.rose400)) +
          drop(706, 96, 28, C.brand500) +
          drop(682, 74, 18, C.brand300),
      };
    },
  },
  {
    chamada: 'Medicina preventiva',
    titulo: 'Programa BemBebe',
    tituloMobile: ['Programa', 'BemBebe'],
    sub: 'Acompanhamento para gestantes,\ndo pré-natal aos primeiros meses do bebê.',
    subMobile: 'Acompanhamento para gestantes.',
    fundo: [C.accent700, C.accent600],
    texto: C.white,
    textoSub: C.teal100,
    pilula: [C.rose100, C.rose800],
    desktop(id) {
      return {
        defs: `<clipPath id="${id}-moldura"><circle cx="1290" cy="210" r="176"/></clipPath>`,
        body:
          circle(1290, 210, 200, C.teal300, ' opacity=".18"') +
          circle(1290, 210, 176, C.peach) +
          `<g clip-path="url(#${id}-moldura)">${g('translate(1158 70) scale(1.1)', mother(PELE[0], CABELO[0], C.brand700, C.brand600))}</g>` +
          heart(1440, 70, 70, C.rose400, 12) +
          heart(1500, 170, 40, C.rose300, -10) +
          heart(1100, 60, 44, C.rose300, -14) +
          dots(1056, 300, 4, 4, 18, 3, C.teal100) +
          plus(1490, 300, 24, C.teal100),
      };
    },
    mobile(id) {
      return {
        defs: `<clipPath id="${id}-moldura"><circle cx="590" cy="200" r="160"/></clipPath>`,
        body:
          circle(590, 200, 160, C.peach) +
          `<g clip-path="url(#${id}-moldura)">${g('translate(464 72) scale(1.04)', mother(PELE[0], CABELO[0], C.brand700, C.brand600))}</g>` +
          heart(676, 44, 56, C.rose400, 12),
      };
    },
  },
  {
    chamada: 'Financeiro',
    titulo: 'Boleto e 2ª via no portal',
    sub: 'Pague sua mensalidade pelo portal,\nde forma rápida e segura.',
    fundo: [C.white, C.brand50],
    texto: C.brand900,
    textoSub: C.brand800,
    pilula: [C.brand700, C.white],
    desktop() {
      return {
        body:
          `<path fill="${C.brand100}" d="M1060 400c-60-90-20-220 110-280 150-70 300-30 430-110v390z"/>` +
          dots(1060, 36, 5, 4, 18, 3, C.brand300) +
          g('translate(1040 92) scale(.92)', laptop()) +
          g('translate(1058 346)', coins(4)) +
          g('translate(1410 118) rotate(8)', invoice(C.brand300)) +
          g('translate(1388 132) rotate(-4)', invoice(C.accent600)) +
          g('translate(1516 112)', check(34, C.green)),
      };
    },
  },
];

/** Desktop crop: text column on the left, art on the right. */
function desktopBanner(tema, i) {
  const id = `d${i + 1}`;
  const { w, h } = DESKTOP;
  const x = 112;
  const col = [x, 0, 880, h];
  const art = tema.desktop(id);
  const bgs = tema.fundo;
  // eyebrow pill
  const chamada = tema.chamada.toUpperCase();
  const pw = measure(BOLD, chamada, 22, 1.6) + 40;
  const titleSize = Math.min(70, Math.floor(70 * (860 / measure(BOLD, tema.titulo, 70))));
  const subLines = wrap(REGULAR, tema.sub, 32, 860);
  if (subLines.length > 2) throw new Error(`${tema.titulo}: sub-line needs ${subLines.length} lines`);
  const top = subLines.length === 2 ? 86 : 108;
  const body =
    rect(0, 0, w, h, 0, `url(#${id}-bg)`) +
    art.body +
    rect(x, top, pw, 42, 21, tema.pilula[0]) +
    text(chamada, {
      size: 22,
      x: x + 20,
      y: top + 29,
      spacing: 1.6,
      fill: tema.pilula[1],
      on: [tema.pilula[0]],
      box: col,
    }) +
    text(tema.titulo, { size: titleSize, x, y: top + 118, fill: tema.texto, on: bgs, box: col }) +
    subLines
      .map((l, j) =>
        text(l, { font: REGULAR, size: 32, x, y: top + 172 + j * 42, fill: tema.textoSub, on: bgs, box: col }),
      )
      .join('');
  return svgDoc(w, h, body, linear(`${id}-bg`, bgs) + (art.defs ?? ''));
}

/** Mobile crop: bigger title on two lines, shorter sub-line, one piece of art. */
function mobileBanner(tema, i) {
  const id = `m${i + 1}`;
  const { w, h } = MOBILE;
  const x = 40;
  const col = [x, 0, 410, h];
  const art = tema.mobile(id);
  const bgs = tema.fundo;
  const sub = wrap(REGULAR, tema.subMobile, 30, 400);
  const lines = tema.tituloMobile.length + sub.length;
  const top = lines >= 4 ? 104 : 124;
  const body =
    rect(0, 0, w, h, 0, `url(#${id}-bg)`) +
    art.body +
    tema.tituloMobile
      .map((l, j) => text(l, { size: 56, x, y: top + j * 62, fill: tema.texto, on: bgs, box: col }))
      .join('') +
    sub
      .map((l, j) =>
        text(l, {
          font: REGULAR,
          size: 30,
          x,
          y: top + tema.tituloMobile.length * 62 + 14 + j * 38,
          fill: tema.textoSub,
          on: bgs,
          box: col,
        }),
      )
      .join('');
  return svgDoc(w, h, body, linear(`${id}-bg`, bgs) + (art.defs ?? ''));
}

// ---------------------------------------------------------------------------------------------
// Provider quality seals (ANS qualification attributes of the provider guide).

const SELOS = [
  { codigo: 'A', nome: 'Acreditação', cor: '#1e40af' },
  { codigo: 'N', nome: 'Notivisa', cor: '#b91c1c' },
  { codigo: 'P', nome: 'QUALISS', cor: '#6d28d9' },
  { codigo: 'Q', nome: 'Qualidade monitorada', cor: '#047857' },
  { codigo: 'R', nome: 'Residência em saúde', cor: '#b45309' },
  { codigo: 'E', nome: 'Título de especialista', cor: '#0e7490' },
  { codigo: 'D', nome: 'Doutorado ou pós-doutorado', cor: '#be185d' },
];

function seal({ codigo, nome, cor }) {
  // Scalloped rosette, an inner white ring and the letter, large and bold.
  const bumps = 18;
  let d = '';
  for (let i = 0; i <= bumps * 2; i++) {
    const a = (i * Math.PI) / bumps - Math.PI / 2;
    const r = i % 2 ? 44 : 47.5;
    d += `${i ? 'L' : 'M'}${n(48 + Math.cos(a) * r)} ${n(48 + Math.sin(a) * r)}`;
  }
  const size = 58;
  const ink = outline(BOLD, codigo, size, 0, 0).box;
  const cx = 48 - (ink.x0 + ink.x1) / 2;
  const cy = 48 - (ink.y0 + ink.y1) / 2;
  checkContrast(`selo ${codigo} (${nome})`, C.white, [cor]);
  return svgDoc(
    96,
    96,
    `<path fill="${cor}" stroke="${cor}" stroke-width="2" stroke-linejoin="round" d="${d}z"/>` +
      circle(48, 48, 37, 'none', ` stroke="${C.white}" stroke-width="2.5" opacity=".85"`) +
      text(codigo, { size, x: cx, y: cy, fill: C.white, box: [14, 14, 68, 68] }),
  );
}

// ---------------------------------------------------------------------------------------------
// App icons: the white mark on the brand gradient.

function icon({ size, rounded, markShare, safe = 0.5 }) {
  // The leaves reach 21 units from the centre of their 48-unit box.
  if ((21 / 48) * markShare > safe) throw new Error(`icon ${size}: the mark leaves the safe zone`);
  const m = (size * markShare) / 48;
  const off = (size - 48 * m) / 2;
  const bg = linear('icone', [C.brand600, C.brand800], 1, 1);
  return svgDoc(
    size,
    size,
    rect(0, 0, size, size, rounded ? size * 0.22 : 0, 'url(#icone)') +
      g(`translate(${n(off)} ${n(off)}) scale(${n(m)})`, mark([C.white, C.teal100, C.white, C.brand100])),
    bg,
  );
}

// ---------------------------------------------------------------------------------------------
// Output.

const render = (svg, width) => sharp(Buffer.from(svg), { density: 72 }).resize({ width });
const written = [];
function save(rel, data) {
  const file = join(DEMO, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, data);
  written.push({ rel, bytes: data.length });
}

for (const dir of ['banners', 'selos', 'icons']) rmSync(join(PUBLIC, dir), { recursive: true, force: true });

save('public/logo.svg', logo(false));
save('public/logo-branco.svg', logo(true));

const banners = { desktop: [], mobile: [] };
for (const [tipo, crop, draw] of [
  ['desktop', DESKTOP, desktopBanner],
  ['mobile', MOBILE, mobileBanner],
]) {
  for (const [i, tema] of TEMAS.entries()) {
    if (tipo === 'mobile' && !tema.mobile) continue;
    const id = `${tipo}-${i + 1}`;
    const svg = draw(tema, i);
    for (const largura of crop.larguras) {
      save(
        `public/banners/${id}-${largura}.webp`,
        await render(svg, largura).webp({ quality: 80, effort: 6 }).toBuffer(),
      );
      save(
        `public/banners/${id}-${largura}.avif`,
        await render(svg, largura).avif({ quality: 55, effort: 6 }).toBuffer(),
      );
    }
    const sub = tipo === 'mobile' ? tema.subMobile : tema.sub;
    const titulo = tipo === 'mobile' ? tema.tituloMobile.join(' ') : tema.titulo;
    const alt = tipo === 'mobile' ? `${titulo}. ${sub}` : `${tema.chamada}: ${titulo}. ${sub}`;
    banners[tipo].push({ id, alt: alt.replaceAll('\n', ' '), larguras: crop.larguras });
  }
}
const json = await prettier.format(JSON.stringify(banners), {
  ...(await prettier.resolveConfig(join(DEMO, 'banners.json'))),
  parser: 'json',
});
save('banners.json', json);

for (const selo of SELOS) save(`public/selos/${selo.codigo}.png`, await render(seal(selo), 96).png().toBuffer());

save('public/favicon.svg', icon({ size: 48, rounded: true, markShare: 0.8 }));
for (const [name, opts] of [
  ['icon-192', { size: 192, rounded: true, markShare: 0.66 }],
  ['icon-512', { size: 512, rounded: true, markShare: 0.66 }],
  // Maskable: full bleed, the mark inside the safe zone (the circle of radius 40 % of the size).
  ['maskable-512', { size: 512, rounded: false, markShare: 0.6, safe: 0.4 }],
  ['apple-touch-icon-180', { size: 180, rounded: false, markShare: 0.62 }],
])
  save(`public/icons/${name}.png`, await render(icon(opts), opts.size).png({ compressionLevel: 9 }).toBuffer());

written.sort((a, b) => b.bytes - a.bytes);
for (const { rel, bytes } of written) console.log(`${String(bytes).padStart(7)}  operadora/demo/${rel}`);
const worst = contrastLog.reduce((a, b) => (b.ratio < a.ratio ? b : a));
console.log(`${contrastLog.length} contrast checks, lowest ${worst.ratio.toFixed(2)}:1 (${worst.label})`);
