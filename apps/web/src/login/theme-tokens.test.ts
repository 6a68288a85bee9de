import { readFileSync } from 'node:fs';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../lib/theme.ts';

/**
 * login.css declares, for the login page's own entry, the Mantine variables the page's CSS uses.
 * Each must be what the dashboard's theme (lib/theme.ts on Mantine's defaults, plus app/global.css's
 * overrides) gives that variable, so both pages keep one look when the theme changes.
 */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The `--name: value` declarations of the first rule whose selector matches. */
const declarations = (css: string, selector: RegExp) => {
  const rule = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find(([, head]) => selector.test(head.trim()));
  if (!rule) throw new Error(`no rule ${selector}`);
  return Object.fromEntries([...rule[2].matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
};

/** A colour as [r, g, b, a], whatever its notation; anything else as it is. */
const normal = (value: string): string => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : hex[1].match(/../g)!;
    return `rgba(${digits.map((d) => Number.parseInt(d, 16)).join(', ')}, 1)`;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(value);
  if (rgb) {
    const parts = rgb[1].split(',').map((p) => p.trim());
    return `rgba(${[...parts.slice(0, 3), parts[3] ?? '1'].join(', ')})`;
  }
  return value;
};

const resolved = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
const globalCss = read('../app/global.css');
const expected = (scheme: 'light' | 'dark') => {
  const own = { ...resolved.variables, ...resolved[scheme] } as Record<string, string>;
  // app/global.css darkens dimmed text on body, for AA contrast.
  Object.assign(own, declarations(globalCss, new RegExp(`^\\[data-mantine-color-scheme="${scheme}"\\] body$`)));
  const value = (name: string, depth = 0): string => {
    const raw = own[name];
    if (raw === undefined) throw new Error(`the theme has no ${name}`);
    const ref = /^var\((--[\w-]+)\)$/.exec(raw);
    return ref && depth < 10 ? value(ref[1], depth + 1) : raw;
  };
  return value;
};

describe('login.css', () => {
  const css = read('./login.css');
  const cases = [
    ['light', { ...declarations(css, /^:root$/), ...declarations(css, /^:root,\s*:root\[data-mantine-color-scheme="light"\]$/) }],
    ['dark', { ...declarations(css, /^:root$/), ...declarations(css, /^:root\[data-mantine-color-scheme="dark"\]$/) }],
  ] as const;

  for (const [scheme, declared] of cases) {
    it(`declares the theme's values of the ${scheme} scheme`, () => {
      const value = expected(scheme);
      expect(Object.keys(declared).length).toBeGreaterThan(30);
      for (const [name, declaredValue] of Object.entries(declared)) {
        expect(normal(declaredValue), `${scheme} ${name}`).toBe(normal(value(name)));
      }
    });
  }

  it('declares every Mantine variable the login page’s CSS uses', () => {
    const used = new Set(
      ['./login-card.module.css', './login-shell.module.css', './login.css'].flatMap((file) =>
        [...read(file).matchAll(/var\((--mantine-[\w-]+)/g)].map(([, name]) => name),
      ),
    );
    for (const [, declared] of cases) for (const name of used) expect(Object.keys(declared), name).toContain(name);
  });
});
