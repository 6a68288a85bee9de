import { describe, expect, it } from 'vitest';
import { accentPalette, contrast } from './theme.ts';

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

describe('accent palette', () => {
  it('keeps a dark accent with white text on it', () => {
    expect(accentPalette('#0b6e4f')).toEqual({ accent: '#0b6e4f', onAccent: '#ffffff', accentText: '#0b6e4f' });
  });

  it('gives a light accent dark text, and darkens it where it is text on white', () => {
    const p = accentPalette('#ffd43b');
    expect(p.onAccent).toBe('#111827');
    expect(contrast(rgb(p.accent), rgb(p.onAccent))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(p.accentText), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });

  it('makes every accent readable both ways, and falls back on an unreadable value', () => {
    for (const color of ['#1c7ed6', '#ff0000', '#40c057', '#7950f2', '#ffffff', '#808080', '#000000', 'teal']) {
      const p = accentPalette(color);
      expect(contrast(rgb(p.accent), rgb(p.onAccent)), color).toBeGreaterThanOrEqual(4.5);
      expect(contrast(rgb(p.accentText), [255, 255, 255]), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
