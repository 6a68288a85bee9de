/** Small shared pieces of the webstore's pages (plain elements, styled in webstore.css). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { imageSrc, srcSet } from './format.ts';

export const Loading = ({ inline = false }: { inline?: boolean }) => {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'loading loading--inline' : 'loading'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
};

export const Message = ({
  title,
  text,
  action,
  link,
}: {
  title: string;
  text?: string;
  action?: { label: string; onClick: () => void };
  link?: { href: string; label: string };
}) => (
  <section className="message">
    <h1 className="message__title">{title}</h1>
    {text && <p>{text}</p>}
    {action && (
      <button type="button" className="button button--primary" onClick={action.onClick}>
        {action.label}
      </button>
    )}
    {link && (
      <Link href={link.href} className="button button--secondary">
        {link.label}
      </Link>
    )}
  </section>
);

/** A problem of the whole page or form, read out when it appears. */
export const Alert = ({ children, tone = 'error', id }: { children: ReactNode; tone?: 'error' | 'info'; id?: string }) => (
  <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} id={id} tabIndex={-1}>
    {children}
  </div>
);

/** − n + for one count, with the name in every label. */
export const Stepper = ({
  id,
  label,
  value,
  min = 0,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
}: {
  id: string;
  label: string;
  value: number;
  min?: number;
  max?: number;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
}) => (
  <div className="stepper">
    <button
      type="button"
      className="stepper__button"
      aria-label={decreaseLabel}
      aria-controls={id}
      disabled={value <= min}
      onClick={() => onChange(value - 1)}
    >
      −
    </button>
    <output id={id} className="stepper__value" aria-label={label} aria-live="polite">
      {value}
    </output>
    <button
      type="button"
      className="stepper__button"
      aria-label={increaseLabel}
      aria-controls={id}
      disabled={max !== undefined && value >= max}
      onClick={() => onChange(value + 1)}
    >
      +
    </button>
  </div>
);

/** A server image with its WebP renditions; sized so nothing moves when it arrives. */
export const Picture = ({
  image,
  sizes,
  eager = false,
  className,
  prefer = 'medium',
}: {
  image: { urls: Record<string, string>; alt_text: string; width: number; height: number };
  sizes: string;
  eager?: boolean;
  className?: string;
  prefer?: 'thumb' | 'medium' | 'large';
}) => (
  <img
    className={className}
    src={imageSrc(image.urls, prefer)}
    srcSet={srcSet(image.urls)}
    sizes={sizes}
    alt={image.alt_text}
    width={image.width || undefined}
    height={image.height || undefined}
    loading={eager ? 'eager' : 'lazy'}
    decoding={eager ? 'sync' : 'async'}
    fetchPriority={eager ? 'high' : undefined}
  />
);
