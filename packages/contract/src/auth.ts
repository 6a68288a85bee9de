import { z } from 'zod';
import { timeZone } from './catalog-common.ts';
import { email, id, password, personName, requiredName, token } from './common.ts';

export const ACCOUNT_TYPES = ['supplier', 'affiliate'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Subdomains that can never belong to an organization. */
export const RESERVED_SUBDOMAINS = [
  'www',
  'api',
  'app',
  'admin',
  'administrator',
  'auth',
  'login',
  'signup',
  'register',
  'dashboard',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'cdn',
  'static',
  'assets',
  'media',
  'files',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'shop',
  'store',
  'webstore',
  'billing',
  'pay',
  'payments',
  'stripe',
  'schema',
  'excursio',
  'root',
  'system',
  'test',
  'staging',
  'dev',
  'demo-api',
  'localhost',
  'ns1',
  'ns2',
  'security',
  'account',
  'accounts',
] as const;

export const subdomain = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, { error: 'Subdomain must be at least 3 characters long.' })
  .max(63, { error: 'Subdomain must be at most 63 characters long.' })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, {
    error: 'Use lowercase letters, digits and hyphens; start and end with a letter or digit.',
  })
  .refine((value) => !value.includes('--'), { error: 'Subdomain may not contain two hyphens in a row.' })
  .refine((value) => !(RESERVED_SUBDOMAINS as readonly string[]).includes(value), {
    error: 'This subdomain is reserved.',
  });

export const registrationInput = z.strictObject({
  email,
  password,
  first_name: requiredName,
  last_name: requiredName,
  organization_name: z.string().trim().min(2, { error: 'Organization name is too short.' }).max(120),
  account_type: z.enum(ACCOUNT_TYPES),
  subdomain,
  /** The organization's time zone (the sign-up form sends the browser's); UTC when left out. */
  timezone: timeZone.optional(),
});
export type RegistrationInput = z.infer<typeof registrationInput>;

export const registrationResult = z.object({ id, email: z.string() });

export const tokenInput = z.strictObject({ token });
export const emailInput = z.strictObject({ email });
export const loginInput = z.strictObject({ email, password: z.string().min(1).max(128) });
export const loginResult = z.object({ subdomain: z.string(), redirect_url: z.string() });
export const exchangeInput = z.strictObject({ code: token });
export const refreshInput = z.strictObject({ refresh: token.optional() });
export const verifyInput = z.strictObject({ token: token.optional() });
export const resetPasswordConfirmInput = z.strictObject({ token, new_password: password });
export const setPasswordInput = z.strictObject({ current_password: z.string().min(1).max(128), new_password: password });
export const resetEmailConfirmInput = z.strictObject({ token, new_email: email });
export const setEmailInput = z.strictObject({ current_password: z.string().min(1).max(128), new_email: email });
export const deleteMeInput = z.strictObject({ current_password: z.string().min(1).max(128) });

export const permissionSet = z.object({ id, title: z.string(), codenames: z.array(z.string()) });
export type PermissionSet = z.infer<typeof permissionSet>;

export const appInfo = z.object({ permission_sets: z.array(permissionSet) });
export type AppInfo = z.infer<typeof appInfo>;

export const me = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  is_active: z.boolean(),
  role: z.object({ id, name: z.string(), permission_sets: z.array(permissionSet) }).nullable(),
  base_account: z.object({
    id,
    name: z.string(),
    subdomain: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    active_subscription_features: z.array(z.string()),
  }),
  cart: z.null(),
});
export type Me = z.infer<typeof me>;

export const meUpdateInput = z.strictObject({
  first_name: requiredName,
  last_name: requiredName,
  phone: z.string().trim().max(40).default(''),
});
// Not `.partial()`: the optional wrapper would still apply phone's default and blank it on PATCH.
export const mePatchInput = z.strictObject({
  first_name: requiredName.optional(),
  last_name: requiredName.optional(),
  phone: z.string().trim().max(40).optional(),
});
export { personName };

/**
 * Login answer. `access` and `refresh` are present only for API clients (requests without an
 * `Origin` header); browsers get HttpOnly cookies or a handover link instead.
 */
export const loginResponse = loginResult.extend({ access: z.string().optional(), refresh: z.string().optional() });
export type LoginResponse = z.infer<typeof loginResponse>;
/** Refresh answer: empty for browsers (cookies), tokens for API clients (no `Origin`). */
export const refreshResult = z.object({ access: z.string().optional(), refresh: z.string().optional() });
export const verifyResult = z.object({});
