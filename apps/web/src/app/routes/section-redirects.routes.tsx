import { Navigate, type RouteObject } from 'react-router';
import { SECTION_REDIRECTS } from '../../components/shell/navigation.ts';

/** Sections that are layout routes of their own: their redirect is that route's index child. */
const LAYOUT_SECTIONS = new Set(['/settings/organization', '/settings/subscription', '/settings/team', '/inventory']);

/** The index child of a section's layout route: its bare path opens the section's first page. */
export const sectionIndex = (section: string): RouteObject => {
  const to = SECTION_REDIRECTS[section];
  if (!to) throw new Error(`${section} is not in SECTION_REDIRECTS`);
  return { index: true, element: <Navigate to={to} replace /> };
};

/** Every other section path (/sales, /settings, /products/experiences …) as a redirect of its own. */
export const sectionRedirectRoutes: RouteObject[] = Object.entries(SECTION_REDIRECTS)
  .filter(([path]) => !LAYOUT_SECTIONS.has(path))
  .map(([path, to]) => ({ path: path.slice(1), element: <Navigate to={to} replace /> }));
