// @vitest-environment happy-dom
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, SECTION_REDIRECTS, TAB_GROUPS } from '../../components/shell/navigation.ts';
import { areaRoutes } from './area.routes.ts';

// The dashboard's children as the router composes them (router.tsx).
const routes: RouteObject[] = [
  {
    path: '/',
    children: [{ path: 'dashboard' }, ...areaRoutes, { path: '*' }],
  },
];

/** Where the deepest route matching `path` redirects to, or null when it renders a page. */
const redirectOf = (path: string) => {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf || leaf.path === '*') return 'not found';
  const element = leaf.element;
  return isValidElement<{ to?: string }>(element) && typeof element.props.to === 'string' ? element.props.to : null;
};

const pages = [
  ...NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to)),
  ...Object.values(TAB_GROUPS).flatMap((t) => t.map((i) => i.to)),
];

describe('section routes', () => {
  it('redirect every section path to its first page', () => {
    for (const [section, to] of Object.entries(SECTION_REDIRECTS)) {
      expect(redirectOf(section), section).toBe(to);
      expect(redirectOf(`${section}/`), `${section}/`).toBe(to);
      expect(redirectOf(to), to).toBeNull();
    }
    expect(redirectOf('/settings/team')).toBe('/settings/team/members');
    expect(redirectOf('/settings/subscription')).toBe('/settings/subscription/supplier-plans');
  });

  it('leave no path above a page blank: each is a page of its own or a section redirect', () => {
    for (const page of pages) {
      const parts = page.split('/').filter(Boolean);
      for (let n = 1; n < parts.length; n++) {
        const prefix = `/${parts.slice(0, n).join('/')}`;
        const result = redirectOf(prefix);
        expect(result === null || result === SECTION_REDIRECTS[prefix], `${prefix} (above ${page})`).toBe(true);
        expect(result, `${prefix} (above ${page})`).not.toBe('not found');
      }
    }
  });
});
