import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField, newPasswordPair } from './schemas.ts';

const messages = (result: { error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('form schemas', () => {
  it('asks for an email address, then for a valid one', () => {
    expect(messages(z.object({ email: emailField }).safeParse({ email: ' ' }))).toEqual({ email: 'Enter an email address.' });
    expect(messages(z.object({ email: emailField }).safeParse({ email: 'anna' }))).toEqual({
      email: 'Enter a valid email address.',
    });
    expect(emailField.parse(' anna@example.test ')).toBe('anna@example.test');
  });

  it('needs a long enough new password typed twice', () => {
    expect(messages(newPasswordPair.safeParse({ new_password: 'short', confirm_password: 'short' }))).toEqual({
      new_password: 'Password must be at least 8 characters long.',
    });
    expect(messages(newPasswordPair.safeParse({ new_password: 'long-enough', confirm_password: 'long-enougH' }))).toEqual({
      confirm_password: 'The passwords do not match.',
    });
    expect(newPasswordPair.safeParse({ new_password: 'long-enough', confirm_password: 'long-enough' }).success).toBe(true);
  });

  it('keeps the match check when a form extends the pair', () => {
    const schema = newPasswordPair.safeExtend({ current_password: z.string().min(1, { error: 'Enter your current password.' }) });
    expect(
      messages(schema.safeParse({ current_password: '', new_password: 'long-enough', confirm_password: 'other-one' })),
    ).toEqual({
      current_password: 'Enter your current password.',
      confirm_password: 'The passwords do not match.',
    });
  });
});
