/** One booking in the cart or the checkout summary: what, when, who, extras, price. */
import { useTranslation } from 'react-i18next';
import { type CartLine, lineTotal } from './cart.ts';
import { formatDay, formatTime, money } from './format.ts';

export const LineSummary = ({ line, headingLevel = 2 }: { line: CartLine; headingLevel?: 2 | 3 }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="line">
      {line.imageUrl && <img className="line__image" src={line.imageUrl} alt="" width={72} height={54} loading="lazy" />}
      <div className="line__text">
        <Heading className="line__title">{line.title}</Heading>
        <p className="line__when">
          {formatDay(line.date, lang)}
          {!line.allDay && `, ${formatTime(line.startsAt, line.timeZone, lang)}`}
        </p>
        <p className="line__who">
          {line.units
            .filter((u) => u.quantity > 0)
            .map((u) => `${u.quantity} × ${u.name}`)
            .join(', ')}
        </p>
        {line.extras.length > 0 && (
          <p className="line__who">
            {line.extras.map((e) => t('cart.extra', { quantity: e.quantity, name: e.name })).join(', ')}
          </p>
        )}
      </div>
      <p className="line__price">{money(lineTotal(line), line.currency, lang)}</p>
    </div>
  );
};
