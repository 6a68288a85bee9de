import { useEffect, useRef, useState } from 'react';
import { type Scheme, SchemeToggle } from '../components/scheme-toggle/scheme-toggle.tsx';
import { Icon } from './icons.tsx';
import { LoginCard, type LoginNotify } from './login-card.tsx';
import s from './login-shell.module.css';
import { closeToast, showToast, TOAST_AUTO_CLOSE_MS, type Toast, useToasts, VISIBLE_TOASTS } from './toasts.ts';

const notify: LoginNotify = {
  error: (messages) => {
    for (const message of messages) showToast('error', message);
  },
  success: (message) => showToast('success', message),
};

// ----- Colour scheme: the dashboard's (Mantine's) localStorage key and <html> attribute -----

const STORAGE_KEY = 'mantine-color-scheme-value';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

const savedScheme = (): Scheme => {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'auto';
  } catch {
    return 'auto';
  }
};

const applyScheme = (scheme: Scheme) => {
  const dark = scheme === 'dark' || (scheme === 'auto' && darkQuery().matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
};

const ICONS = {
  light: <Icon name="sun" size={14} stroke={1.8} />,
  dark: <Icon name="moon" size={14} stroke={1.8} />,
  auto: <Icon name="device-desktop" size={14} stroke={1.8} />,
};

/** The dashboard's theme toggle, kept as Mantine keeps it (without Mantine). */
const ThemeToggle = () => {
  const [scheme, setScheme] = useState<Scheme>(savedScheme);
  useEffect(() => {
    applyScheme(scheme);
    if (scheme !== 'auto') return;
    const query = darkQuery();
    const follow = () => applyScheme('auto');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [scheme]);
  const choose = (value: Scheme) => {
    setScheme(value);
    try {
      window.localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Storage blocked: the choice holds for this page.
    }
  };
  return <SchemeToggle value={scheme} onChange={choose} icons={ICONS} />;
};

// ----- Toasts: bottom-left, auto-closing after TOAST_AUTO_CLOSE_MS (paused while pointed at) -----

const CloseIcon = () => (
  <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" width="16" height="16" aria-hidden>
    <path
      d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

const ToastView = ({ toast }: { toast: Toast }) => {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => closeToast(toast.id), TOAST_AUTO_CLOSE_MS);
  };
  const pause = () => clearTimeout(timer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once, when the toast shows
  useEffect(() => {
    start();
    return pause;
  }, []);
  return (
    <div className={s.toast} role="alert" data-kind={toast.kind} onMouseEnter={pause} onMouseLeave={start}>
      <div className={s.toastBody}>
        {toast.kind === 'error' ? <div className={s.toastTitle}>Error</div> : null}
        <div className={s.toastMessage} data-with-title={toast.kind === 'error' || undefined}>
          {toast.message}
        </div>
      </div>
      <button type="button" className={s.toastClose} aria-label="Close" onClick={() => closeToast(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
};

const Toasts = () => {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <div className={s.toasts}>
      {toasts.slice(0, VISIBLE_TOASTS).map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
};

/** The login page of its own entry: the dashboard's auth layout (brand, theme toggle) around the card. */
export const LoginShell = () => (
  <div className={s.page}>
    <header className={s.header}>
      <div className={s.brand}>
        <span className={s.logo}>
          <Icon name="compass" size={18} />
        </span>
        <p className={s.brandName}>Excursio</p>
      </div>
      <ThemeToggle />
    </header>
    <main className={s.main}>
      <LoginCard notify={notify} />
    </main>
    <Toasts />
  </div>
);
