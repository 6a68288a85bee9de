import { z } from 'zod';
import { id, timestamp } from './common.ts';
import { PERMISSION_TITLES, type PermissionTitle } from './permissions.ts';

/** Every key starts with this, so it is recognised (by the server, by secret scanners) as ours. */
export const API_KEY_PREFIX = 'exc_live_';

/**
 * Permission titles a key may hold. Never 'Manage account' (billing, subscription, payment provider,
 * organization details, partnership changes — and the API keys themselves), 'Manage users' (team
 * members and roles) or 'Manage cart' (the back-office cart belongs to a person at the desk).
 */
export const API_KEY_EXCLUDED_TITLES = ['Manage account', 'Manage users', 'Manage cart'] as const satisfies PermissionTitle[];
export const API_KEY_SCOPES = PERMISSION_TITLES.filter(
  (title): title is Exclude<PermissionTitle, (typeof API_KEY_EXCLUDED_TITLES)[number]> =>
    !(API_KEY_EXCLUDED_TITLES as readonly string[]).includes(title),
);
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
const scope = z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]], {
  error: `A key may hold only these permissions: ${API_KEY_SCOPES.join(', ')}.`,
});

export const API_KEY_STATUSES = ['active', 'revoked'] as const;

export const apiKey = z.object({
  id,
  name: z.string(),
  /** The key's first characters, to recognise it (the rest is never shown again). */
  prefix: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(API_KEY_STATUSES),
  created_at: timestamp,
  /** The team member who created it (null once their user is gone). */
  created_by: z.object({ id, name: z.string(), email: z.string() }).nullable(),
  /** Within a minute: uses are recorded at most once a minute per key. */
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** The answer to creating a key: the only time its secret is shown. */
export const apiKeyCreated = apiKey.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyInput = z.strictObject({
  name: z.string().trim().min(1, { error: 'Give the key a name.' }).max(80),
  scopes: z
    .array(scope)
    .min(1, { error: 'Choose at least one permission.' })
    .max(API_KEY_SCOPES.length)
    .refine((list) => new Set(list).size === list.length, { error: 'A permission is listed twice.' }),
});
export type ApiKeyInput = z.infer<typeof apiKeyInput>;

export const API_KEY_ORDERING = ['name', 'created_at', 'last_used_at'] as const;
