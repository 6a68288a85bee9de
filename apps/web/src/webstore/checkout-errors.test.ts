import { describe, expect, it } from 'vitest';
import { monthCells } from './calendar.tsx';
import type { CartLine } from './cart.ts';
import { placeErrors } from './checkout-errors.ts';

const lines = [{ holdId: 'h1' }, { holdId: 'h2' }] as CartLine[];

describe('order errors', () => {
  it('puts each server error at its field, its booking, or on top', () => {
    const placed = placeErrors(
      [
        { code: 'invalid', detail: 'Enter a valid email address.', attr: 'contact.email' },
        { code: 'required', detail: 'Answer the required questions.', attr: 'lines.1.answers' },
        { code: 'invalid', detail: 'Please accept the terms to book.', attr: 'terms_accepted' },
        { code: 'invalid', detail: 'Your cart is empty.', attr: 'lines' },
        { code: 'error', detail: 'Something else.', attr: null },
      ],
      lines,
    );
    expect(placed.fields).toEqual({
      'contact-email': 'Enter a valid email address.',
      'line-h2': 'Answer the required questions.',
      terms: 'Please accept the terms to book.',
    });
    expect(placed.top).toEqual(['Your cart is empty.', 'Something else.']);
  });
});

describe('month grid', () => {
  it('starts on Monday with blanks before the 1st', () => {
    const cells = monthCells(2026, 11); // 1 November 2026 is a Sunday
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(cells.at(-1)).toBe('2026-11-30');
    expect(monthCells(2026, 2).filter(Boolean)).toHaveLength(28);
  });
});
