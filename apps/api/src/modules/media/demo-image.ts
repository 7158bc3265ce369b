/**
 * Placeholder artwork for the demo catalogue: an album-cover-like SVG drawn from the file name alone,
 * so the shop needs no image files and every product still looks different.
 */

import { escapeMarkup } from '../../lib/markup.js';

/** Lowercase letters, digits and hyphens, then '.svg' (the only names the media route serves). */
export const DEMO_IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,79}\.svg$/;

export const isDemoImageName = (name: string): boolean => DEMO_IMAGE_NAME.test(name);

const SIZE = 600;
const MARGIN = 48;
const MAX_LINE_CHARS = 14;
const MAX_LINES = 4;

/** FNV-1a: a stable 32-bit hash of the name, the source of every colour and shape. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The cover text: the name's words in capitals, without the image number, wrapped into a few lines. */
function coverLines(words: readonly string[]): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= MAX_LINE_CHARS)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > MAX_LINE_CHARS ? `${word.slice(0, MAX_LINE_CHARS - 1)}…` : word);
  }
  if (lines.length > MAX_LINES) {
    const kept = lines.slice(0, MAX_LINES);
    kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1]!.slice(0, MAX_LINE_CHARS - 1)}…`;
    return kept;
  }
  return lines;
}

function decoration(variant: number, h: number, accent: string, dark: string): string {
  if (variant === 0) {
    // A record sliding out of its sleeve.
    return [
      '<circle cx="430" cy="190" r="150" fill="#111" fill-opacity=".82"/>',
      '<circle cx="430" cy="190" r="118" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="2"/>',
      '<circle cx="430" cy="190" r="90" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="2"/>',
      `<circle cx="430" cy="190" r="46" fill="${accent}"/>`,
      `<circle cx="430" cy="190" r="6" fill="${dark}"/>`,
    ].join('');
  }
  if (variant === 1) {
    const offset = (h >>> 3) % 120;
    return [0, 1, 2]
      .map(
        (i) =>
          `<path d="M-20 ${340 + offset - i * 90}L620 ${40 + offset - i * 90}" stroke="#fff" stroke-opacity="${(0.16 - i * 0.04).toFixed(2)}" stroke-width="${56 - i * 14}"/>`,
      )
      .join('');
  }
  return [0, 1, 2, 3, 4]
    .map((i) => {
      const bits = (h >>> (i * 5)) & 0x3ff;
      const cx = 80 + (bits % 460);
      const cy = 60 + ((bits * 7) % 300);
      const r = 24 + ((bits >>> 2) % 90);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${(0.06 + i * 0.03).toFixed(2)}"/>`;
    })
    .join('');
}

/** The SVG for a demo image name such as 'nova9-blue-hour-1.svg' (or the same without '.svg'). */
export function demoImageSvg(name: string): string {
  const base = name.replace(/\.svg$/, '');
  const h = hash(base);
  const words = base.split('-').filter((w) => w.length > 0);
  const numbered = words.length > 1 && /^\d+$/.test(words[words.length - 1]!);
  const number = numbered ? words.pop()! : null;
  const lines = coverLines(words.map((w) => w.toUpperCase()));
  const label = lines.join(' ') || 'K-SHOP';

  const hue = h % 360;
  const top = hslToHex(hue, 62 + ((h >>> 8) % 14), 56 + ((h >>> 12) % 8));
  const bottom = hslToHex((hue + 40 + ((h >>> 16) % 80)) % 360, 58, 26 + ((h >>> 20) % 10));
  const accent = hslToHex((hue + 180) % 360, 70, 62);

  const longest = Math.max(...lines.map((l) => l.length), 1);
  const fontSize = Math.max(28, Math.min(72, Math.floor((SIZE - 2 * MARGIN) / (longest * 0.7))));
  const lineHeight = Math.round(fontSize * 1.08);
  const firstBaseline = 500 - (lines.length - 1) * lineHeight;
  const text = lines
    .map(
      (line, i) => `<text x="${MARGIN}" y="${firstBaseline + i * lineHeight}">${escapeMarkup(line)}</text>`,
    )
    .join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeMarkup(label)}">`,
    `<title>${escapeMarkup(label)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>`,
    decoration((h >>> 24) % 3, h, accent, bottom),
    `<g fill="#fff" font-family="'Helvetica Neue',Arial,sans-serif" font-weight="800" font-size="${fontSize}" letter-spacing="1">${text}</g>`,
    `<rect x="${MARGIN}" y="532" width="64" height="4" fill="${accent}"/>`,
    `<g fill="#fff" fill-opacity=".75" font-family="'Helvetica Neue',Arial,sans-serif" font-size="16" letter-spacing="4">`,
    `<text x="${MARGIN}" y="566">K-SHOP DEMO</text>`,
    number
      ? `<text x="${SIZE - MARGIN}" y="566" text-anchor="end">NO. ${escapeMarkup(number.padStart(2, '0'))}</text>`
      : '',
    '</g></svg>',
  ].join('');
}
