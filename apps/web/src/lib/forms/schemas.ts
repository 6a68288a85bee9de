import { password } from '@excursio/contract/common';
import { z } from 'zod';

export const emailField = z
  .string()
  .trim()
  .min(1, { error: 'Enter an email address.' })
  .pipe(z.email({ error: 'Enter a valid email address.' }));

/** New password typed twice; forms with more fields `.safeExtend` it (the match check stays). */
export const newPasswordPair = z
  .object({ new_password: password, confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    error: 'The passwords do not match.',
  });
