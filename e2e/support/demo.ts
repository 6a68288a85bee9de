/** The seeded demo organizations (every fresh data directory has them; see the README). */
export const DEMO = {
  email: 'owner@demo.localhost',
  password: 'excursio-demo-2026',
  subdomain: 'demo',
  name: 'Demo Adventures',
} as const;

/** The demo affiliate, reselling the demo's walking tour (same password). */
export const DEMO_AFFILIATE = {
  email: 'owner@cityguide.localhost',
  password: DEMO.password,
  subdomain: 'cityguide',
  name: 'Lisbon City Guide',
} as const;

/** Month names as the date pickers and calendars spell them. */
export { MONTH_NAMES as MONTHS } from '@excursio/contract/format';
