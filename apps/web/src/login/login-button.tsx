import type { ReactNode } from 'react';
import b from './login-button.module.css';

const Spinner = () => <span className={b.loader} aria-hidden />;

type ButtonProps = {
  children: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  className: string;
  type?: 'button' | 'submit';
  onClick?: () => void;
};

/** Mantine's Button as the dashboard renders it: busy = disabled with a spinner, the name kept. */
export const Button = ({ children, loading = false, disabled = false, className, type = 'button', onClick }: ButtonProps) => (
  <button
    type={type}
    className={`${b.button} ${className}`}
    disabled={disabled || loading}
    data-loading={loading || undefined}
    onClick={onClick}
  >
    {loading ? <Spinner /> : null}
    <span className={b.buttonInner}>
      <span className={b.buttonLabel}>{children}</span>
    </span>
  </button>
);
