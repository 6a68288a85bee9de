import { type Store, type StoreLanguage, type StorePatchInput, storePatchInput } from '@excursio/contract/stores';
import { z } from 'zod';

/** The Settings form's fields: the store's editable fields, with the hold time as text-friendly '' | number. */
export type SettingsValues = {
  name: string;
  slug: string;
  status: Store['status'];
  ownership: Store['ownership'];
  is_default: boolean;
  currency: string;
  languages: StoreLanguage[];
  headline: string;
  description: string;
  logo_image_id: string | null;
  hero_image_id: string | null;
  accent_color: string;
  contact_email: string;
  contact_phone: string;
  terms_url: string;
  privacy_url: string;
  /** '' = the organization's hold time (null on the wire). */
  hold_minutes: number | '';
  question_mode: Store['question_mode'];
  payment_mode: Store['payment_mode'];
  deposit_percent: number | '';
  reserve_without_payment: boolean;
  recaptcha_enabled: boolean;
};

export const SETTINGS_FIELDS = [
  'name',
  'slug',
  'status',
  'ownership',
  'is_default',
  'currency',
  'languages',
  'headline',
  'description',
  'logo_image_id',
  'hero_image_id',
  'accent_color',
  'contact_email',
  'contact_phone',
  'terms_url',
  'privacy_url',
  'hold_minutes',
  'question_mode',
  'payment_mode',
  'deposit_percent',
  'reserve_without_payment',
  'recaptcha_enabled',
] as const satisfies readonly (keyof SettingsValues & keyof Store)[];

export const settingsValuesOf = (store: Store): SettingsValues => ({
  ...(Object.fromEntries(SETTINGS_FIELDS.map((key) => [key, store[key]])) as Omit<SettingsValues, 'hold_minutes'>),
  hold_minutes: store.hold_minutes ?? '',
});

const required = (message: string) => z.union([z.number(), z.literal('')]).refine((v) => v !== '', { error: message });

/**
 * Form values → the PATCH body, with the contract's field rules (its messages show at the fields).
 * The deposit percent only counts when the payment mode is a deposit.
 */
export const settingsSchema = z
  .object({
    ...storePatchInput.required().shape,
    hold_minutes: z.union([z.literal('').transform(() => null), storePatchInput.shape.hold_minutes.unwrap().unwrap()]),
    deposit_percent: z.union([z.number(), z.literal('')]),
  })
  .superRefine((v, ctx) => {
    if (v.payment_mode !== 'deposit') return;
    const parsed = required('Enter the deposit in percent.')
      .pipe(z.number().int().min(1, { error: 'Use 1 to 99 percent.' }).max(99, { error: 'Use 1 to 99 percent.' }))
      .safeParse(v.deposit_percent);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['deposit_percent'], message: parsed.error.issues[0].message });
  });

export type SettingsOutput = z.output<typeof settingsSchema>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what differs from the stored store is sent; an unused deposit percent is never sent. */
export const changedStoreFields = (output: SettingsOutput, store: Store): StorePatchInput => {
  const patch: Record<string, unknown> = {};
  for (const key of SETTINGS_FIELDS) {
    if (key === 'deposit_percent' && output.payment_mode !== 'deposit') continue;
    if (!same(output[key], store[key])) patch[key] = output[key];
  }
  return patch as StorePatchInput;
};
