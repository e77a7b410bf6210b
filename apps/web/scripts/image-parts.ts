// The drawing pieces of make-images.ts: SVG frame, escaping, gradients and the skyline shapes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');
export const FONT = "font-family=\"'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif\"";

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function write(rel: string, svg: string) {
  const file = path.join(OUT, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg.replace(/\n\s*/g, '\n').trim() + '\n');
}

export const svg = (w: number, h: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">
<title>${esc(label)}</title>
${body}
</svg>`;

export const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((c, i) => `<stop offset="${Math.round((i / (stops.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

// ---- skyline pieces -----------------------------------------------------------------------

/** A stylised clock tower, as seen over Mekka. */
export const clockTower = (x: number, base: number, s: number, fill: string) => `
<g fill="${fill}">
<rect x="${x - 40 * s}" y="${base - 150 * s}" width="${80 * s}" height="${150 * s}"/>
<rect x="${x - 28 * s}" y="${base - 300 * s}" width="${56 * s}" height="${150 * s}"/>
<rect x="${x - 20 * s}" y="${base - 360 * s}" width="${40 * s}" height="${60 * s}"/>
<polygon points="${x - 12 * s},${base - 360 * s} ${x + 12 * s},${base - 360 * s} ${x},${base - 420 * s}"/>
<rect x="${x - 1.5 * s}" y="${base - 450 * s}" width="${3 * s}" height="${32 * s}"/>
</g>
<circle cx="${x}" cy="${base - 330 * s}" r="${15 * s}" fill="#fff6d8" opacity="0.95"/>
<path d="M${x} ${base - 330 * s}v-${10 * s}M${x} ${base - 330 * s}h${7 * s}" stroke="${fill}" stroke-width="${2 * s}" stroke-linecap="round"/>`;

/** A dome between two minarets, as the Prophet's mosque in Medina. */
export const mosque = (x: number, base: number, s: number, fill: string, dome: string) => `
<g fill="${fill}">
<rect x="${x - 110 * s}" y="${base - 70 * s}" width="${220 * s}" height="${70 * s}"/>
<rect x="${x - 140 * s}" y="${base - 230 * s}" width="${18 * s}" height="${230 * s}"/>
<rect x="${x + 122 * s}" y="${base - 230 * s}" width="${18 * s}" height="${230 * s}"/>
<polygon points="${x - 140 * s},${base - 230 * s} ${x - 122 * s},${base - 230 * s} ${x - 131 * s},${base - 268 * s}"/>
<polygon points="${x + 122 * s},${base - 230 * s} ${x + 140 * s},${base - 230 * s} ${x + 131 * s},${base - 268 * s}"/>
<rect x="${x - 146 * s}" y="${base - 180 * s}" width="${30 * s}" height="${8 * s}"/>
<rect x="${x + 116 * s}" y="${base - 180 * s}" width="${30 * s}" height="${8 * s}"/>
</g>
<path d="M${x - 60 * s} ${base - 70 * s}a${60 * s} ${66 * s} 0 0 1 ${120 * s} 0z" fill="${dome}"/>
<rect x="${x - 1.5 * s}" y="${base - 166 * s}" width="${3 * s}" height="${30 * s}" fill="${dome}"/>`;

/** A hotel tower with a grid of lit windows. */
export function hotelTower(x: number, base: number, w: number, h: number, fill: string, lit: string, seed: number) {
  let windows = '';
  const cols = Math.max(2, Math.floor(w / 26));
  const rows = Math.max(3, Math.floor(h / 30));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const on = (r * 7 + c * 13 + seed) % 5 !== 0;
      windows += `<rect x="${x + 10 + c * ((w - 20) / cols)}" y="${base - h + 16 + r * ((h - 26) / rows)}" width="${(w - 20) / cols - 6}" height="${(h - 26) / rows - 10}" rx="1.5" fill="${on ? lit : fill}" opacity="${on ? 0.85 : 1}"/>`;
    }
  }
  return `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${fill}"/>${windows}`;
}

export const stars = (n: number, x: number, y: number, size: number, color = '#f6c453') =>
  Array.from({ length: n }, (_, i) => {
    const cx = x + i * size * 1.25;
    const pts = Array.from({ length: 10 }, (_, k) => {
      const r = k % 2 === 0 ? size / 2 : size / 4.6;
      const a = (Math.PI / 5) * k - Math.PI / 2;
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
    return `<polygon points="${pts}" fill="${color}"/>`;
  }).join('');
