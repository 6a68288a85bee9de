/** The test mode's card form: labelled as such, checked here, only a token leaves the page. */
import { useTranslation } from 'react-i18next';
import { type CardErrors, type CardField, type CardInput, formatCardNumber, formatExpiry } from './card.ts';

export const CardForm = ({
  card,
  errors,
  onChange,
}: {
  card: CardInput;
  errors: CardErrors;
  onChange: (card: CardInput) => void;
}) => {
  const { t } = useTranslation();
  const field = (
    name: CardField,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement>,
    format?: (v: string) => string,
  ) => (
    <div className={`field field--${name}`}>
      <label className="field__label" htmlFor={`card-${name}`}>
        {label}
      </label>
      <input
        id={`card-${name}`}
        className="input"
        value={card[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `card-${name}-error` : undefined}
        onChange={(event) => onChange({ ...card, [name]: format ? format(event.target.value) : event.target.value })}
        {...props}
      />
      {errors[name] && (
        <p className="field__error" id={`card-${name}-error`}>
          {t(errors[name])}
        </p>
      )}
    </div>
  );
  return (
    <div className="card-form">
      <p className="test-mode">
        <strong>{t('card.testMode')}</strong>
        <span>{t('card.hint')}</span>
      </p>
      {field(
        'number',
        t('card.number'),
        { inputMode: 'numeric', autoComplete: 'off', placeholder: '4242 4242 4242 4242' },
        formatCardNumber,
      )}
      <div className="card-form__row">
        {field('expiry', t('card.expiry'), { inputMode: 'numeric', autoComplete: 'off', placeholder: 'MM/YY' }, formatExpiry)}
        {field('cvc', t('card.cvc'), { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 })}
      </div>
      {field('name', t('card.name'), { autoComplete: 'off' })}
    </div>
  );
};
