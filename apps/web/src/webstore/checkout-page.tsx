/** Checkout: contact, booking questions, note, terms, payment; the holds become one order. */
import type { WebstoreExperience, WebstoreOrderInput } from '@excursio/contract/webstore';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import { ApiError, api } from './api.ts';
import { type CardErrors, type CardInput, cardToken, validateCard } from './card.ts';
import { isExpired, lineTotal } from './cart.ts';
import { LineSummary } from './cart-line.tsx';
import { EMAIL, placeErrors } from './checkout-errors.ts';
import { type Contact, ContactFields } from './checkout-fields.tsx';
import { PaymentBox } from './checkout-payment.tsx';
import { answerFields, LineQuestions } from './checkout-questions.tsx';
import { money } from './format.ts';
import { paymentPlan, paymentReturnKey, sendsCardToken } from './payment-plan.ts';
import { leaveForPayment, paymentArrived } from './payment-return.ts';
import { loadRecaptcha, recaptchaToken } from './recaptcha.ts';
import { useDocumentTitle, useStore } from './store-context.tsx';
import { Alert, Loading, Message } from './ui.tsx';

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const CheckoutPage = () => {
  const { t, i18n } = useTranslation();
  const { store, cart, updateCart } = useStore();
  const [, navigate] = useLocation();
  useDocumentTitle(t('checkout.title'));
  const lines = cart.filter((l) => !isExpired(l));
  const [offers, setOffers] = useState<Record<string, WebstoreExperience> | null>(null);
  const [contact, setContact] = useState<Contact>({ first_name: '', last_name: '', email: '', phone: '' });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [terms, setTerms] = useState(false);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '', name: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [top, setTop] = useState<{ text: string; toCart?: boolean; info?: boolean } | null>(null);
  const [params] = useSearchParams();
  const returned = paymentReturnKey(params.get('payment'));
  const [busy, setBusy] = useState(false);
  // The server said card payments are unavailable (409 payment_unavailable) after the store was read.
  const [unavailableNow, setUnavailableNow] = useState(false);
  const attempt = useRef(newKey());
  const topRef = useRef<HTMLDivElement>(null);

  const ids = [...new Set(lines.map((l) => l.experienceId))].join(',');
  useEffect(() => {
    if (!ids) return;
    Promise.all(ids.split(',').map((id) => api.offer(store.slug, id))).then(
      (list) => setOffers(Object.fromEntries(list.map((o) => [o.id, o]))),
      () => setTop({ text: t('common.offline') }),
    );
  }, [ids, store.slug, t]);
  // Back from the provider's checkout without an order: canceled, expired, or paid too late.
  useEffect(() => {
    if (!returned) return;
    paymentArrived(store.slug);
    setTop({ text: t(returned), info: true });
  }, [returned, store.slug, t]);
  useEffect(() => {
    if (store.recaptcha_site_key) loadRecaptcha(store.recaptcha_site_key).catch(() => {});
  }, [store.recaptcha_site_key]);

  if (lines.length === 0 && !busy) {
    return (
      <div className="container narrow">
        <Message title={t('checkout.cartEmpty')} link={{ href: '/cart', label: t('checkout.backToCart') }} />
      </div>
    );
  }
  if (!offers) return <Loading inline />;

  const currency = lines[0]?.currency ?? store.currency;
  const total = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const plan = paymentPlan(
    store,
    unavailableNow,
    lines.flatMap((l) => (offers[l.experienceId]?.payment ? [offers[l.experienceId].payment] : [])),
  );
  const dueNow = store.payment_mode === 'deposit' ? Math.round((total * store.deposit_percent) / 100) : total;
  const m = (minor: number) => money(minor, currency, i18n.language);
  const questionsOf = (experienceId: string) => offers[experienceId]?.questions ?? [];

  const showTop = (text: string, toCart = false) => {
    setTop({ text, toCart });
    setTimeout(() => topRef.current?.focus(), 0);
  };

  const validate = () => {
    const found: Record<string, string> = {};
    if (!contact.first_name.trim()) found['contact-first_name'] = t('checkout.fieldRequired');
    if (!contact.last_name.trim()) found['contact-last_name'] = t('checkout.fieldRequired');
    if (!EMAIL.test(contact.email.trim())) found['contact-email'] = t('checkout.emailInvalid');
    for (const line of lines) {
      for (const f of answerFields(line, questionsOf(line.experienceId))) {
        if (f.question.required && !(answers[f.key] ?? '').trim()) found[f.key] = t('checkout.fieldRequired');
      }
    }
    // Only a store with terms asks to accept them (there is nothing to accept otherwise).
    if (store.terms_url && !terms) found.terms = t('checkout.acceptTerms');
    const cardFound = sendsCardToken(plan) ? validateCard(card) : {};
    return { found, cardFound };
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTop(null);
    const { found, cardFound } = validate();
    setErrors(found);
    setCardErrors(cardFound);
    const firstInvalid = Object.keys(found)[0] ?? (Object.keys(cardFound)[0] ? `card-${Object.keys(cardFound)[0]}` : null);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    setBusy(true);
    try {
      const body: WebstoreOrderInput = {
        store: store.slug,
        lines: lines.map((line) => ({
          hold_id: line.holdId,
          extras: line.extras.map((e) => ({ item_id: e.itemId, quantity: e.quantity })),
          // Participant questions: one entry per participant, in the party's order.
          answers: answerFields(line, questionsOf(line.experienceId))
            .map((f) => ({ question_id: f.question.id, answer: (answers[f.key] ?? '').trim(), participant: f.participant }))
            .filter((a) => a.answer !== '' || a.participant !== null)
            .map(({ question_id, answer }) => ({ question_id, answer })),
        })),
        contact: {
          ...contact,
          first_name: contact.first_name.trim(),
          last_name: contact.last_name.trim(),
          email: contact.email.trim(),
        },
        note: note.trim(),
        terms_accepted: true,
        idempotency_key: attempt.current,
        // The order records the language the visitor booked in.
        language: i18n.language.slice(0, 2).toLowerCase(),
        ...(sendsCardToken(plan) ? { payment_token: cardToken(card.number) } : {}),
      };
      if (store.recaptcha_site_key) {
        try {
          body.recaptcha_token = await recaptchaToken(store.recaptcha_site_key);
        } catch {
          setBusy(false);
          return showTop(t('checkout.recaptcha'));
        }
      }
      const order = await api.order(body);
      if (order.checkout_url) {
        // The provider's hosted checkout: the order is made when the visitor comes back paid.
        // The cart stays (its places are held) until the confirmation page has the order.
        leaveForPayment(store.slug, order.checkout_url);
        return;
      }
      updateCart(() => []);
      navigate(`/confirmation?session_id=${encodeURIComponent(order.session_id)}`);
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError)) {
        console.error(e);
        return showTop(t('checkout.failed'));
      }
      if (e.status === 0) return showTop(t('common.offline'));
      // Anything the server decided on is a finished attempt: the next one is a new order.
      attempt.current = newKey();
      if (e.status === 402) return showTop(t('checkout.declined'));
      if (e.status === 409 && e.has('payment_unavailable')) {
        // The page turns to "pay later" (said on top) or to "not available" (said in its place).
        setUnavailableNow(true);
        return store.reserve_without_payment ? showTop(t('checkout.paymentGoneLater')) : undefined;
      }
      if (e.status === 409) return showTop(e.has('hold_expired') ? t('checkout.expired') : t('checkout.soldOut'), true);
      if (e.status === 403) return showTop(t('checkout.recaptcha'));
      if (e.status === 429) return showTop(t('checkout.tooManyRequests'));
      if (e.status === 400) {
        const placed = placeErrors(e.items, lines);
        setErrors(placed.fields);
        return showTop(placed.top.length > 0 ? placed.top.join(' ') : t('checkout.fixErrors'));
      }
      showTop(t('checkout.failed'));
    }
  };

  const label = {
    none: t('checkout.book'),
    card: t('checkout.pay', { amount: m(dueNow) }),
    redirect: t('checkout.continueToPay', { amount: m(dueNow) }),
    later: t('checkout.bookPayLater'),
    unavailable: '',
  }[plan];
  const summary = (
    <section className="box" aria-labelledby="summary-title">
      <h2 id="summary-title" className="box__title">
        {t('checkout.summary')}
      </h2>
      {lines.map((line) => (
        <LineSummary key={line.holdId} line={line} headingLevel={3} />
      ))}
      <div className="summary">
        <span>{t('cart.total')}</span>
        <strong>{m(total)}</strong>
      </div>
    </section>
  );
  const payment = (
    <PaymentBox
      plan={plan}
      store={store}
      total={total}
      dueNow={dueNow}
      money={m}
      card={card}
      cardErrors={cardErrors}
      onCard={setCard}
    />
  );
  const heading = (
    <>
      <h1 tabIndex={-1}>{t('checkout.title')}</h1>
      <div ref={topRef} tabIndex={-1} className="focus-target">
        {top && (
          <Alert tone={top.info ? 'info' : 'error'}>
            <p>{top.text}</p>
            {top.toCart && <Link href="/cart">{t('checkout.backToCart')}</Link>}
          </Alert>
        )}
      </div>
    </>
  );
  // Card payments are needed and unavailable: say so instead of a form that cannot be sent.
  if (plan === 'unavailable') {
    return (
      <div className="container narrow">
        {heading}
        <div className="checkout">
          {payment}
          {summary}
          <Link className="button button--secondary button--block" href="/">
            {t('common.backToStore')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container narrow">
      {heading}
      <form className="checkout" onSubmit={submit} noValidate>
        <ContactFields
          contact={contact}
          onChange={setContact}
          errors={errors}
          onEmailBlur={() => {
            // The address the visitor typed goes with their holds: one reminder if they expire unbooked.
            const email = contact.email.trim();
            if (!EMAIL.test(email) || lines.length === 0) return;
            api
              .cartContact({
                store: store.slug,
                email,
                first_name: contact.first_name.trim(),
                hold_ids: lines.map((l) => l.holdId),
              })
              .catch(() => undefined);
          }}
        />
        {lines.map((line) => (
          <LineQuestions
            key={line.holdId}
            line={line}
            questions={questionsOf(line.experienceId)}
            answers={answers}
            errors={errors}
            onAnswer={(key, value) => setAnswers((a) => ({ ...a, [key]: value }))}
          />
        ))}
        <div className="field">
          <label className="field__label" htmlFor="note">
            {t('checkout.note')}
          </label>
          <textarea
            id="note"
            className="input"
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {errors.note && <p className="field__error">{errors.note}</p>}
        </div>
        {summary}
        {payment}
        {store.terms_url ? (
          <div className="field">
            <label className="check">
              <input
                id="terms"
                type="checkbox"
                checked={terms}
                onChange={(e) => setTerms(e.target.checked)}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? 'terms-error' : undefined}
              />
              <span>
                {store.privacy_url ? (
                  <Trans
                    i18nKey="checkout.terms"
                    components={{
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside
                      terms: <a href={store.terms_url} target="_blank" rel="noreferrer" />,
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside
                      privacy: <a href={store.privacy_url} target="_blank" rel="noreferrer" />,
                    }}
                  />
                ) : (
                  <Trans
                    i18nKey="checkout.termsOnly"
                    components={{
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside
                      terms: <a href={store.terms_url} target="_blank" rel="noreferrer" />,
                    }}
                  />
                )}
              </span>
            </label>
            {errors.terms && (
              <p className="field__error" id="terms-error">
                {errors.terms}
              </p>
            )}
          </div>
        ) : null}
        <button type="submit" className="button button--primary button--block button--large" disabled={busy} aria-busy={busy}>
          {busy ? (plan === 'redirect' ? t('checkout.redirecting') : t('checkout.busy')) : label}
        </button>
      </form>
    </div>
  );
};
