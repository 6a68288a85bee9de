/** The checkout's contact fields, with browser autofill and the server's errors at each. */
import { useTranslation } from 'react-i18next';

export type Contact = { first_name: string; last_name: string; email: string; phone: string };

const FIELDS = [
  { name: 'first_name', label: 'checkout.firstName', autoComplete: 'given-name', type: 'text' },
  { name: 'last_name', label: 'checkout.lastName', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'checkout.email', autoComplete: 'email', type: 'email', hint: 'checkout.emailHint' },
  { name: 'phone', label: 'checkout.phone', autoComplete: 'tel', type: 'tel' },
] as const;

export const ContactFields = ({
  contact,
  onChange,
  errors,
  onEmailBlur,
}: {
  contact: Contact;
  onChange: (contact: Contact) => void;
  errors: Record<string, string>;
  /** The visitor left the email field (the abandoned-cart reminder's address). */
  onEmailBlur?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <fieldset className="box">
      <legend className="box__title">{t('checkout.contact')}</legend>
      <div className="grid-2">
        {FIELDS.map((f) => {
          const id = `contact-${f.name}`;
          const error = errors[id];
          const described = [error ? `${id}-error` : null, 'hint' in f ? `${id}-hint` : null].filter(Boolean).join(' ');
          return (
            <div key={f.name} className="field">
              <label className="field__label" htmlFor={id}>
                {t(f.label)}
              </label>
              <input
                id={id}
                className="input"
                type={f.type}
                autoComplete={f.autoComplete}
                required={f.name !== 'phone'}
                maxLength={f.name === 'phone' ? 40 : 200}
                value={contact[f.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={described || undefined}
                onChange={(event) => onChange({ ...contact, [f.name]: event.target.value })}
                onBlur={f.name === 'email' ? onEmailBlur : undefined}
              />
              {'hint' in f && (
                <p className="field__hint" id={`${id}-hint`}>
                  {t(f.hint)}
                </p>
              )}
              {error && (
                <p className="field__error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
};
