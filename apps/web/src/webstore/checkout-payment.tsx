/** The checkout's payment box: what is due and how it is paid (or why it cannot be now). */
import type { Webstore } from '@excursio/contract/webstore';
import { useTranslation } from 'react-i18next';
import type { CardErrors, CardInput } from './card.ts';
import { CardForm } from './card-form.tsx';
import type { PaymentPlan } from './payment-plan.ts';
import { Alert } from './ui.tsx';

export const PaymentBox = ({
  plan,
  store,
  total,
  dueNow,
  money,
  card,
  cardErrors,
  onCard,
}: {
  plan: PaymentPlan;
  store: Webstore;
  total: number;
  dueNow: number;
  money: (minor: number) => string;
  card: CardInput;
  cardErrors: CardErrors;
  onCard: (card: CardInput) => void;
}) => {
  const { t } = useTranslation();
  const contact = [store.contact_email, store.contact_phone].filter(Boolean).join(' · ');
  return (
    <section className="box" aria-labelledby="payment-title" data-payment-plan={plan}>
      <h2 id="payment-title" className="box__title">
        {t('checkout.payment')}
      </h2>
      {plan === 'none' && <p>{t('checkout.payOnDay')}</p>}
      {(plan === 'card' || plan === 'redirect') && store.payment_mode === 'deposit' && (
        <p>{t('checkout.deposit', { deposit: money(dueNow), percent: store.deposit_percent, rest: money(total - dueNow) })}</p>
      )}
      {plan === 'card' && <CardForm card={card} errors={cardErrors} onChange={onCard} />}
      {plan === 'redirect' && <p>{t('checkout.redirectNote')}</p>}
      {plan === 'later' && (
        <Alert tone="info">
          <p>
            <strong>{t('checkout.payLaterTitle')}</strong>
          </p>
          <p>{t('checkout.payLater', { organizer: store.organization_name, amount: money(total) })}</p>
        </Alert>
      )}
      {plan === 'unavailable' && (
        <Alert tone="info" id="payment-unavailable">
          <p>
            <strong>{t('checkout.paymentUnavailable')}</strong>
          </p>
          <p>{t('checkout.paymentUnavailableHint', { organizer: store.organization_name })}</p>
          {contact && <p>{contact}</p>}
        </Alert>
      )}
    </section>
  );
};
