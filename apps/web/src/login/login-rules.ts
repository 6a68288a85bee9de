/**
 * The login form's checks, without a schema library (the login page's first-screen budget): the
 * same rules and messages as the zod schema the page used (`z.string().trim().min(1).pipe(z.email())`
 * and `z.string().min(1).max(128)`), first failing rule per field. `login-rules.test.ts` compares
 * them with zod.
 */

export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** zod 4's `z.email()` pattern (`z.regexes.email`). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PASSWORD_MAX = 128;

const emailProblem = (email: string) => {
  if (email.length === 0) return 'Enter your email address.';
  if (!EMAIL.test(email)) return 'Enter a valid email address.';
  return undefined;
};

const passwordProblem = (password: string) => {
  if (password.length === 0) return 'Enter your password.';
  if (password.length > PASSWORD_MAX) return `Too big: expected string to have <=${PASSWORD_MAX} characters`;
  return undefined;
};

/** The values to send (the email trimmed), or the message of each field that fails. */
export const checkLogin = (values: LoginValues): { values: LoginValues | null; errors: LoginErrors } => {
  const email = values.email.trim();
  const errors: LoginErrors = {};
  const emailError = emailProblem(email);
  const passwordError = passwordProblem(values.password);
  if (emailError) errors.email = emailError;
  if (passwordError) errors.password = passwordError;
  return { values: emailError || passwordError ? null : { email, password: values.password }, errors };
};
