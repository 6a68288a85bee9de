import type { MailMessage } from '../../integrations/mail.ts';

// Plain and short; the link sits alone on its line so every mail client makes it clickable.
const body = (...lines: string[]) => `${lines.join('\n')}\n\n— The Excursio team\n`;

export const activationMail = (to: string, link: string): MailMessage => ({
  to,
  subject: 'Activate your Excursio account',
  text: body(
    'Welcome to Excursio!',
    '',
    'Open this link to activate your account (valid for 48 hours):',
    link,
    '',
    'If you did not sign up, ignore this message.',
  ),
});

export const alreadyRegisteredMail = (to: string, resetLink: string): MailMessage => ({
  to,
  subject: 'Someone tried to register with your email',
  text: body(
    'Someone just tried to create an Excursio account with this email address, which already has an account.',
    '',
    "If that was you and you forgot your password, choose 'Forgot password' on the sign-in page to reset it:",
    resetLink,
    '',
    'If it was not you, you can ignore this message; nothing has changed.',
  ),
});

export const passwordResetMail = (to: string, link: string): MailMessage => ({
  to,
  subject: 'Reset your Excursio password',
  text: body(
    'Open this link to choose a new password (valid for 1 hour):',
    link,
    '',
    'If you did not ask for this, ignore this message; your password stays the same.',
  ),
});

export const emailResetMail = (to: string, link: string): MailMessage => ({
  to,
  subject: 'Change your Excursio email address',
  text: body(
    'Open this link to change the email address you sign in with (valid for 1 hour):',
    link,
    '',
    'If you did not ask for this, ignore this message; nothing changes.',
  ),
});

export const emailChangedMail = (to: string, newEmail: string): MailMessage => ({
  to,
  subject: 'Your Excursio email address was changed',
  text: body(
    `The email address of your Excursio account was changed to ${newEmail}.`,
    '',
    'If you did not do this, contact your organization owner or our support right away.',
  ),
});
