import type { LoginResponse } from '@excursio/contract/auth';
import { MESSAGES } from '@excursio/contract/messages';
import {
  type ChangeEvent,
  type ComponentType,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useRef,
  useState,
} from 'react';
import { errorMessages } from '../lib/api/errors.ts';
import { postJson } from './api.ts';
import { Icon } from './icons.tsx';
import b from './login-button.module.css';
import { Button } from './login-button.tsx';
import s from './login-card.module.css';
import { checkLogin, type LoginErrors, type LoginValues } from './login-rules.ts';

/** Where the card's messages go: the host's toasts (one per message, specification §8). */
export type LoginNotify = { error: (messages: string[]) => void; success: (message: string) => void };

/** Renders a link: a plain `<a>` on the login page's own entry, the router's Link in the dashboard. */
export type LoginLink = ComponentType<{ href: string; className: string; children: ReactNode }>;

const PlainLink: LoginLink = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** The login error that also stands for "not activated yet" (the server does not say which: enumeration). */
const isNoActiveAccount = (error: { data?: unknown }) =>
  (error.data as { errors?: { code?: string }[] } | null | undefined)?.errors?.some((e) => e.code === 'no_active_account') ===
  true;

/** Mantine's eye icon of PasswordInput (shown / hidden). */
const EyeIcon = ({ reveal }: { reveal: boolean }) => (
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" aria-hidden>
    <path fill="none" d="M0 0h256v256H0z" />
    {reveal ? (
      <>
        <path
          fill="none"
          stroke="currentColor"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="16"
          d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
        />
        <path
          fill="none"
          stroke="currentColor"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="16"
          d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
        />
      </>
    ) : (
      <>
        <path
          fill="none"
          stroke="currentColor"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="16"
          d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"
        />
        <circle
          cx="128"
          cy="128"
          r="40"
          fill="none"
          stroke="currentColor"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="16"
        />
      </>
    )}
  </svg>
);

type FieldProps = {
  label: string;
  name: keyof LoginValues;
  value: string;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A labelled field: the label, the control (marked when wrong) and the error it is described by. */
const Field = ({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) => (
  <div className={s.field}>
    <label className={s.label} htmlFor={id}>
      {label}
    </label>
    <div className={s.control} data-error={error ? true : undefined}>
      {children}
    </div>
    {error ? (
      <p className={s.error} id={`${id}-error`}>
        {error}
      </p>
    ) : null}
  </div>
);

/** What every input of the card carries: its name, value, ref, and the error it is described by. */
const inputProps = (id: string, { name, value, error, inputRef, onChange }: FieldProps) => ({
  ref: inputRef,
  id,
  name,
  value,
  onChange,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

const TextField = (props: FieldProps) => {
  const id = useId();
  return (
    <Field id={id} label={props.label} error={props.error}>
      <input {...inputProps(id, props)} className={s.input} type="email" autoComplete="email" />
    </Field>
  );
};

const PasswordField = (props: FieldProps) => {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((shown) => !shown);
  return (
    <Field id={id} label={props.label} error={props.error}>
      <div className={`${s.input} ${s.passwordBox}`}>
        <input
          {...inputProps(id, props)}
          className={s.passwordInput}
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
        />
      </div>
      <div className={s.section}>
        {/* As Mantine's: out of the tab order, pressed by pointer without taking the focus from the field. */}
        <button
          type="button"
          className={s.toggle}
          tabIndex={-1}
          aria-pressed={visible}
          aria-label="Show or hide characters"
          onMouseDown={(event) => {
            event.preventDefault();
            toggle();
          }}
          onTouchEnd={(event) => {
            event.preventDefault();
            toggle();
          }}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === ' ' || event.key === 'Enter') {
              event.preventDefault();
              toggle();
            }
          }}
        >
          <EyeIcon reveal={visible} />
        </button>
      </div>
    </Field>
  );
};

/**
 * After "No active account found…" the way forward: the account may not be activated yet, so the
 * activation email can be sent again to the address just typed.
 */
const ResendActivationOffer = ({ email, notify }: { email: string; notify: LoginNotify }) => {
  const id = useId();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = async () => {
    setState('sending');
    const result = await postJson('/users/resend_activation/', { email });
    if (result.error) {
      notify.error(errorMessages(result.error));
      setState('idle');
      return;
    }
    setState('sent');
    notify.success(MESSAGES.activationResent);
  };
  return (
    <div className={s.alert} role="alert" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <div className={s.alertWrapper}>
        <div className={s.alertIcon}>
          <Icon name="mail-forward" size={18} />
        </div>
        <div className={s.alertBody}>
          <span className={s.alertTitle} id={`${id}-title`}>
            Not activated yet?
          </span>
          <div className={s.alertMessage} id={`${id}-body`}>
            <p className={s.text}>
              If you registered recently, open the activation link we emailed to {email} first. It may take a minute to arrive.
            </p>
            <Button className={b.secondary} onClick={send} loading={state === 'sending'} disabled={state === 'sent'}>
              {state === 'sent' ? 'Activation email sent' : 'Resend activation email'}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
};

/**
 * The login card (specification §2: after login the browser goes to the subdomain the answer names,
 * at /dashboard): plain React and `fetch`, no form or schema library, so the login page's own entry
 * stays small; the dashboard's /auth/login route renders the same card.
 */
export const LoginCard = ({ notify, Link = PlainLink }: { notify: LoginNotify; Link?: LoginLink }) => {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // As react-hook-form's default: fields are checked on submit, then again on every change.
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  // The button stays busy while the browser leaves for the dashboard, not after a failed attempt.
  const [redirecting, setRedirecting] = useState(false);
  // The email of the last attempt that failed with "No active account found" (the offer's address).
  const [inactiveEmail, setInactiveEmail] = useState<string | null>(null);
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (name: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (submitted) setErrors((current) => ({ ...current, [name]: checkLogin(next).errors[name] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || redirecting) return;
    setSubmitted(true);
    // What the fields hold now: a password manager may fill them without an input event (the form
    // library this replaced read the fields themselves too).
    const current = {
      email: fields.email.current?.value ?? values.email,
      password: fields.password.current?.value ?? values.password,
    };
    setValues(current);
    const checked = checkLogin(current);
    setErrors(checked.errors);
    if (!checked.values) {
      fields[checked.errors.email ? 'email' : 'password'].current?.focus();
      return;
    }
    setPending(true);
    const result = await postJson<LoginResponse>('/jwt/create/', checked.values);
    setPending(false);
    if (result.error) notify.error(errorMessages(result.error));
    setInactiveEmail(result.error && isNoActiveAccount(result.error) ? checked.values.email : null);
    // The server answers with the user's subdomain: /dashboard there, or a handover link.
    if (result.data) {
      setRedirecting(true);
      window.location.assign(result.data.redirect_url);
    }
  };

  return (
    <div className={s.stack}>
      <div className={s.paper}>
        <div className={s.heading}>
          <h1 className={s.title}>Log in to Excursio</h1>
          <p className={`${s.text} ${s.dimmed}`}>Welcome back. Use the email address you registered with.</p>
        </div>
        <form onSubmit={submit} noValidate>
          <div className={s.form}>
            <TextField
              label="Email"
              name="email"
              value={values.email}
              error={errors.email}
              inputRef={fields.email}
              onChange={change('email')}
            />
            <PasswordField
              label="Password"
              name="password"
              value={values.password}
              error={errors.password}
              inputRef={fields.password}
              onChange={change('password')}
            />
            <Button type="submit" className={b.block} loading={pending || redirecting}>
              Log in
            </Button>
            {inactiveEmail ? <ResendActivationOffer key={inactiveEmail} email={inactiveEmail} notify={notify} /> : null}
            <div className={s.links}>
              <Link href="/auth/forgot-password" className={s.anchor}>
                Forgot your password?
              </Link>
              <Link href="/auth/resend-activation" className={s.anchor}>
                Resend activation email
              </Link>
            </div>
          </div>
        </form>
      </div>
      <p className={s.footer}>
        New to Excursio?{' '}
        <Link href="/auth/register" className={s.anchor}>
          Create an account
        </Link>
      </p>
    </div>
  );
};
