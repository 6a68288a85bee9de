import { z } from 'zod';

export const id = z.uuid();
export const timestamp = z.string();
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .pipe(z.string().max(254));
export const password = z
  .string()
  .min(8, { error: 'Password must be at least 8 characters long.' })
  .max(128, { error: 'Password must be at most 128 characters long.' });
export const personName = z.string().trim().max(150);
export const requiredName = z.string().trim().min(1, { error: 'This field may not be blank.' }).max(150);
export const token = z.string().min(16).max(512);

/** Path parameters of every `/{id}/` route. */
export const idParams = z.strictObject({ id });
