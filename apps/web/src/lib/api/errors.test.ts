import { describe, expect, it } from 'vitest';
import { errorMessages, fieldErrorItems, humaniseAttr } from './errors.ts';

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

  it('accepts a single error or detail field, and names the status when the body says nothing', () => {
    expect(errorMessages({ status: 500, data: { error: 'Boom' } })).toEqual(['Boom']);
    expect(errorMessages({ status: 403, data: { detail: 'Not allowed.' } })).toEqual(['Not allowed.']);
    expect(errorMessages({ status: 500, data: { errors: [] } })).toEqual(['Request failed with status 500.']);
    expect(errorMessages({ status: 400, data: { errors: [{ code: 'x', detail: 42, attr: 'name' }] } })).toEqual([
      'Name: Something went wrong.',
    ]);
  });

  it('describes request-layer errors', () => {
    expect(errorMessages({ status: 'FETCH_ERROR', error: 'TypeError' })).toEqual([
      'The server could not be reached. Check your connection and try again.',
    ]);
    expect(errorMessages({ status: 'TIMEOUT_ERROR', error: 'x' })).toEqual(['The request timed out. Please try again.']);
    expect(errorMessages({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })).toEqual([
      'The server sent an unreadable response (status 502).',
    ]);
    expect(errorMessages({ status: 'CUSTOM_ERROR', error: 'Custom' })).toEqual(['Custom']);
    expect(errorMessages({ message: 'Serialized' })).toEqual(['Serialized']);
    expect(errorMessages(undefined)).toEqual([]);
  });

  it('humanises attributes', () => {
    expect(humaniseAttr('first_name')).toBe('First name');
    expect(humaniseAttr('billingInfo.vatId')).toBe('Billing info vat id');
    expect(humaniseAttr('_')).toBe('');
  });
});

describe('fieldErrorItems', () => {
  it('reads only the items that name a field', () => {
    const error = {
      status: 400,
      data: {
        errors: [
          { code: 'invalid', detail: 'Overlaps.', attr: 'time' },
          { code: 'x', detail: 'General', attr: null },
        ],
      },
    };
    expect(fieldErrorItems(error)).toEqual([{ attr: 'time', detail: 'Overlaps.' }]);
    expect(fieldErrorItems({ status: 'FETCH_ERROR', error: 'x' })).toEqual([]);
    expect(fieldErrorItems(undefined)).toEqual([]);
  });
});
