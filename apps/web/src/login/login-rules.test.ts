import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkLogin } from './login-rules.ts';

// The schema the login page validated with before it dropped zod from its first screen.
const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Enter your email address.' })
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  password: z.string().min(1, { error: 'Enter your password.' }).max(128),
});

const viaZod = (values: { email: string; password: string }) => {
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: null, errors };
};

const emails = [
  '',
  '   ',
  'owner@demo.localhost',
  '  owner@demo.localhost  ',
  'Owner.Name+tag@example.co.uk',
  "o'brien@example.com",
  'a@b.c',
  'a@b.cd',
  'no-at-sign',
  'two@@example.com',
  '.lead@example.com',
  'trail.@example.com',
  'dou..ble@example.com',
  'x@-bad.com',
  'x@good-.com',
  'x@example.c0m',
  'x@sub.example.museum',
  'ü@example.com',
  'space in@example.com',
];
const passwords = ['', 'x', 'a'.repeat(128), 'a'.repeat(129), '  '];

describe('checkLogin', () => {
  it('decides and words every case as the zod schema does', () => {
    for (const email of emails) {
      for (const password of passwords) {
        expect(checkLogin({ email, password }), `${JSON.stringify(email)} / ${password.length}`).toEqual(
          viaZod({ email, password }),
        );
      }
    }
  });

  it('sends the email trimmed and the password as typed', () => {
    expect(checkLogin({ email: ' owner@demo.localhost ', password: ' secret ' }).values).toEqual({
      email: 'owner@demo.localhost',
      password: ' secret ',
    });
  });
});
