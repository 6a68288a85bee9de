import { type ReactNode, useId } from 'react';
import s from './scheme-toggle.module.css';

export type Scheme = 'light' | 'dark' | 'auto';

/** The three choices, in the order shown, with the name each option is read out and shown by. */
export const SCHEMES: { value: Scheme; label: string }[] = [
  { value: 'light', label: 'Light theme' },
  { value: 'dark', label: 'Dark theme' },
  { value: 'auto', label: 'System theme' },
];

/**
 * The colour-theme control (radios with an icon each and a tooltip naming it). No Mantine inside:
 * the login page's own entry uses it as the dashboard does, with its own icons.
 */
export const SchemeToggle = ({
  value,
  onChange,
  icons,
}: {
  value: Scheme;
  onChange: (value: Scheme) => void;
  icons: Record<Scheme, ReactNode>;
}) => {
  // The header and the user menu can both hold one: each group of radios gets its own name.
  const name = useId();
  return (
    <div className={s.toggle} role="radiogroup" aria-label="Colour theme">
      {SCHEMES.map(({ value: option, label }) => {
        const id = `${name}-${option}`;
        const active = option === value;
        return (
          <div key={option} className={s.toggleItem} data-active={active || undefined}>
            <input
              className={s.toggleInput}
              type="radio"
              id={id}
              name={name}
              value={option}
              checked={active}
              onChange={() => onChange(option)}
            />
            <label className={s.toggleLabel} htmlFor={id} data-active={active || undefined}>
              {icons[option]}
              <span className={s.visuallyHidden}>{label}</span>
            </label>
            {/* Drawn from the attribute: the name is in the DOM once, in the label. */}
            <span className={s.tooltip} data-label={label} aria-hidden />
          </div>
        );
      })}
    </div>
  );
};
