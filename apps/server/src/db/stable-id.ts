import { v5 as uuidv5 } from 'uuid';

const NAMESPACE = '6f1d2c3e-8b4a-5e7f-9a0b-1c2d3e4f5a6b';

/**
 * The id a one-per-owner row (a user's cart, an organization's onboarding checklist and its steps)
 * will have once stored, derived from its owner: reads answer the empty state under that id without
 * storing it, and the first write stores the row with it (parallel first writes meet on the unique key).
 */
export const stableId = (kind: string, ...parts: string[]) => uuidv5(`${kind}:${parts.join(':')}`, NAMESPACE);
