/** The store's accent colour, made readable: text on it and it as text both keep WCAG AA (4.5:1). */

const FALLBACK = '#0b6e4f';

const parse = (hex: string): [number, number, number] | null => {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const luminance = ([r, g, b]: number[]) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
export const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const WHITE = [255, 255, 255];
const INK = [17, 24, 39];

/**
 * `accent` fills buttons and bands with `onAccent` text on it (white or ink, whichever reads; the
 * accent is darkened when neither does); `accentText` is the accent darkened until it reads on white.
 */
export const accentPalette = (color: string) => {
  let rgb = parse(color) ?? (parse(FALLBACK) as number[]);
  const darken = (c: number[]) => c.map((v) => v * 0.9);
  if (contrast(rgb, WHITE) < 4.5 && contrast(rgb, INK) < 4.5) {
    while (contrast(rgb, WHITE) < 4.5) rgb = darken(rgb);
  }
  const onAccent = contrast(rgb, WHITE) >= 4.5 ? '#ffffff' : toHex(INK);
  let text = rgb;
  while (contrast(text, WHITE) < 4.5) text = darken(text);
  return { accent: toHex(rgb), onAccent, accentText: toHex(text) };
};

export const applyAccent = (color: string) => {
  const { accent, onAccent, accentText } = accentPalette(color);
  const root = document.documentElement.style;
  root.setProperty('--accent', accent);
  root.setProperty('--on-accent', onAccent);
  root.setProperty('--accent-text', accentText);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', accent);
};
