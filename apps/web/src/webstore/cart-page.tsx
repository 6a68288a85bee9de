/** The cart: held bookings with their countdowns, keep (extend) or remove (release), then checkout. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { api } from './api.ts';
import { type CartLine, extendLine, isExpired, lineTotal, removeLine } from './cart.ts';
import { LineSummary } from './cart-line.tsx';
import { formatCountdown, remainingMs } from './countdown.ts';
import { money } from './format.ts';
import { useDocumentTitle, useStore } from './store-context.tsx';
import { Alert, Message } from './ui.tsx';
import { useNow } from './use-now.ts';

export const CartPage = () => {
  const { t, i18n } = useTranslation();
  const { cart, updateCart } = useStore();
  const [, navigate] = useLocation();
  const now = useNow();
  useDocumentTitle(t('cart.title'));

  if (cart.length === 0) {
    return (
      <div className="container narrow">
        <Message title={t('cart.empty')} link={{ href: '/', label: t('cart.browse') }} />
      </div>
    );
  }
  const live = cart.filter((l) => !isExpired(l, now));
  const currency = cart[0].currency;
  return (
    <div className="container narrow">
      <h1 tabIndex={-1}>{t('cart.title')}</h1>
      <ul className="lines">
        {cart.map((line) => (
          <li key={line.holdId}>
            <CartItem line={line} now={now} onChange={updateCart} />
          </li>
        ))}
      </ul>
      <div className="summary">
        <span>{t('cart.total')}</span>
        <strong>
          {money(
            live.reduce((sum, l) => sum + lineTotal(l), 0),
            currency,
            i18n.language,
          )}
        </strong>
      </div>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={live.length === 0}
        onClick={() => navigate('/checkout')}
      >
        {t('cart.checkout')}
      </button>
      <p className="center">
        <Link href="/">{t('cart.browse')}</Link>
      </p>
    </div>
  );
};

const CartItem = ({
  line,
  now,
  onChange,
}: {
  line: CartLine;
  now: number;
  onChange: (change: (lines: CartLine[]) => CartLine[]) => void;
}) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = remainingMs(line.expiresAt, now);
  const expired = left === 0;

  const keep = () => {
    setBusy(true);
    setError(null);
    api
      .extend(line.holdId)
      .then(
        (hold) => onChange((lines) => extendLine(lines, line.holdId, hold.utcExpiresAt)),
        () => setError(t('book.placesGone')),
      )
      .finally(() => setBusy(false));
  };
  const remove = () => {
    setBusy(true);
    // The places go back whether or not the release reaches the server (the hold runs out anyway).
    api
      .release(line.holdId)
      .catch(() => {})
      .finally(() => onChange((lines) => removeLine(lines, line.holdId)));
  };

  return (
    <article className={expired ? 'cart-item cart-item--expired' : 'cart-item'}>
      <LineSummary line={line} />
      {expired ? (
        <Alert tone="info">
          <p>{t('cart.released')}</p>
          <Link href={`/offers/${line.experienceId}`} onClick={remove}>
            {t('cart.pickAgain')}
          </Link>
        </Alert>
      ) : (
        <p className="countdown" role="timer" aria-live="off">
          {t('cart.heldFor', { time: formatCountdown(left) })}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="cart-item__actions">
        {!expired && (
          <button type="button" className="button button--secondary" onClick={keep} disabled={busy}>
            {t('cart.keep')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          onClick={remove}
          disabled={busy}
          aria-label={t('cart.removeLabel', { title: line.title })}
        >
          {t('cart.remove')}
        </button>
      </div>
    </article>
  );
};
