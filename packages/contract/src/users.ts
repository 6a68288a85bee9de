import { z } from 'zod';
import { id, requiredName, timestamp } from './common.ts';

/** A login of the caller's organization, as the user management list shows it. */
export const accountUser = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
  last_login: timestamp.nullable(),
  date_joined: timestamp,
});
export type AccountUser = z.infer<typeof accountUser>;

export const accountUserInput = z.strictObject({
  first_name: requiredName,
  last_name: requiredName,
  is_active: z.boolean().optional(),
});
export const accountUserPatchInput = accountUserInput.partial();
export type AccountUserInput = z.infer<typeof accountUserInput>;
export type AccountUserPatchInput = z.infer<typeof accountUserPatchInput>;

export const USER_ORDERING = ['email', 'first_name', 'last_name', 'date_joined', 'last_login'] as const;
