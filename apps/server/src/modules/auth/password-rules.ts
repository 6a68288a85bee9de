import { invalid } from '../../http/app-error.ts';
import { isCommonPassword } from './password.ts';

/** Length is checked by the contract schema; these are the rules that need more than a regex. */
export const assertAcceptablePassword = (password: string, email: string, attr: string) => {
  if (isCommonPassword(password)) throw invalid(attr, 'This password is too common.', 'password_too_common');
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) {
    throw invalid(attr, 'The password is too similar to the email address.', 'password_too_similar');
  }
};
