import { z } from 'zod';

export const emailField = z
  .string()
  .trim()
  .min(1, { error: 'Enter an email address.' })
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const newPasswordField = z
  .string()
  .min(8, { error: 'Password must be at least 8 characters long.' })
  .max(128, { error: 'Password must be at most 128 characters long.' });

/** New password typed twice. */
export const newPasswordPair = z
  .object({ new_password: newPasswordField, confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    error: 'The passwords do not match.',
  });
