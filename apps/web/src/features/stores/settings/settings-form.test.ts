import type { Store } from '@excursio/contract/stores';
import { describe, expect, it } from 'vitest';
import { changedStoreFields, settingsSchema, settingsValuesOf } from './settings-form.ts';

const store: Store = {
  id: '0193a1b2-0000-7000-8000-000000000001',
  name: 'Lake tours',
  slug: 'lake-tours',
  status: 'draft',
  ownership: 'internal',
  is_default: false,
  currency: 'EUR',
  languages: ['en'],
  headline: '',
  description: '',
  logo_image_id: null,
  hero_image_id: null,
  logo: null,
  hero: null,
  accent_color: '#1c7ed6',
  contact_email: '',
  contact_phone: '',
  terms_url: '',
  privacy_url: '',
  hold_minutes: null,
  question_mode: 'all',
  payment_mode: 'full',
  deposit_percent: 20,
  reserve_without_payment: false,
  recaptcha_enabled: false,
  experiences_count: 0,
  url: 'http://demo.localhost:3000/s/lake-tours/',
  recaptcha_available: false,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
};

const parse = (changes: Partial<ReturnType<typeof settingsValuesOf>>) =>
  settingsSchema.safeParse({ ...settingsValuesOf(store), ...changes });

describe('the store settings form', () => {
  it('sends nothing when nothing changed', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    if (result.success) expect(changedStoreFields(result.data, store)).toEqual({});
  });

  it('sends only the changed fields, an empty hold time as the organization’s (null)', () => {
    const result = parse({ headline: ' Paddle at dawn ', hold_minutes: 30, languages: ['de', 'en'] });
    expect(result.success && changedStoreFields(result.data, store)).toEqual({
      headline: 'Paddle at dawn',
      hold_minutes: 30,
      languages: ['de', 'en'],
    });
    const withHold = { ...store, hold_minutes: 30 };
    const cleared = settingsSchema.safeParse({ ...settingsValuesOf(withHold), hold_minutes: '' });
    expect(cleared.success && changedStoreFields(cleared.data, withHold)).toEqual({ hold_minutes: null });
  });

  it('asks for a deposit percent only when the visitor pays a deposit', () => {
    expect(parse({ deposit_percent: '' }).success).toBe(true);
    const missing = parse({ payment_mode: 'deposit', deposit_percent: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['deposit_percent'], message: 'Enter the deposit in percent.' });
    expect(parse({ payment_mode: 'deposit', deposit_percent: 100 }).error?.issues[0].message).toBe('Use 1 to 99 percent.');
    const ok = parse({ payment_mode: 'deposit', deposit_percent: 30 });
    expect(ok.success && changedStoreFields(ok.data, store)).toEqual({ payment_mode: 'deposit', deposit_percent: 30 });
  });

  it('keeps the contract’s rules and messages for slug, colour and links', () => {
    expect(parse({ slug: 'Lake Tours' }).error?.issues[0]).toMatchObject({ path: ['slug'] });
    expect(parse({ accent_color: 'blue' }).error?.issues[0].message).toBe('Use a colour such as #1c7ed6.');
    expect(parse({ terms_url: 'ftp://x.test' }).error?.issues[0].path).toEqual(['terms_url']);
    expect(parse({ languages: [] }).error?.issues[0].message).toBe('Choose at least one language.');
  });
});
