/** The offer's description sections, in the order a visitor reads them before booking. */
import type { WebstoreExperience } from '@excursio/contract/webstore';
import { useTranslation } from 'react-i18next';
import { durationInWords } from './offer-words.ts';
import { policyInWords } from './policy.ts';

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const List = ({ title, items, mark }: { title: string; items: string[]; mark?: 'yes' | 'no' }) =>
  items.length === 0 ? null : (
    <section className="section">
      <h2>{title}</h2>
      <ul className={mark ? `ticks ticks--${mark}` : 'bullets'}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );

export const OfferSections = ({ offer }: { offer: WebstoreExperience }) => {
  const { t } = useTranslation();
  const meeting = offer.meeting_point;
  const policy = offer.cancellation_policy;
  return (
    <>
      <List title={t('offer.highlights')} items={offer.highlights} />
      {offer.description && (
        <section className="section">
          <h2>{t('offer.description')}</h2>
          {paragraphs(offer.description).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      )}
      <List title={t('offer.included')} items={offer.included} mark="yes" />
      <List title={t('offer.notIncluded')} items={offer.not_included} mark="no" />
      <List title={t('offer.whatToBring')} items={offer.what_to_bring} />
      {offer.important_information && (
        <section className="section">
          <h2>{t('offer.importantInformation')}</h2>
          {paragraphs(offer.important_information).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      )}
      {(meeting || offer.address) && (
        <section className="section">
          <h2>{t('offer.meetingPoint')}</h2>
          <address className="address">
            {meeting?.name && <strong>{meeting.name}</strong>}
            {(meeting?.address || offer.address)
              .split(/\n|,\s*/)
              .filter(Boolean)
              .map((line) => (
                <span key={line}>{line}</span>
              ))}
          </address>
          {meeting?.instructions && <p>{meeting.instructions}</p>}
        </section>
      )}
      {policy && (
        <section className="section">
          <h2>{t('offer.cancellation')}</h2>
          <ul className="bullets">
            {policyInWords(policy.tiers, t).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          {policy.description && <p className="muted">{policy.description}</p>}
        </section>
      )}
      {offer.agenda.length > 0 && (
        <section className="section">
          <h2>{t('offer.agenda')}</h2>
          <ol className="agenda">
            {offer.agenda.map((step) => (
              <li key={step.title} className="agenda__step">
                <h3 className="agenda__title">{step.title}</h3>
                {step.duration_minutes ? <p className="muted">{durationInWords(step.duration_minutes, t)}</p> : null}
                {step.description && <p>{step.description}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
};
