import { describe, expect, it } from 'vitest';
import { errorMessages, humaniseAttr } from './errors.ts';

describe('errorMessages', () => {
  it('gives one message per error item, prefixed by the humanised attribute', () => {
    const messages = errorMessages({
      status: 400,
      data: {
        type: 'validation_error',
        errors: [
          { code: 'invalid', detail: 'Enter a valid email address.', attr: 'email' },
          { code: 'blank', detail: 'This field may not be blank.', attr: 'contact_info.postal_code' },
          { code: 'x', detail: 'Owner role cannot be deleted.', attr: null },
        ],
      },
    });
    expect(messages).toEqual([
      'Email: Enter a valid email address.',
      'Contact info postal code: This field may not be blank.',
      'Owner role cannot be deleted.',
    ]);
  });

  it('accepts a single error field', () => {
    expect(errorMessages({ status: 500, data: { error: 'Boom' } })).toEqual(['Boom']);
  });

  it('describes request-layer errors', () => {
    expect(errorMessages({ status: 'FETCH_ERROR', error: 'TypeError' })).toHaveLength(1);
    expect(errorMessages({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })[0]).toContain('502');
  });

  it('humanises attributes', () => {
    expect(humaniseAttr('first_name')).toBe('First name');
  });
});
