import {
  type BaseAccount,
  type BillingInfo,
  billingInfo,
  type ContactInfo,
  contactInfo,
  type LegalInfo,
  legalInfo,
  profile,
} from '@excursio/contract/accounts';
import { registrationInput } from '@excursio/contract/auth';
import { Paper, Skeleton, Stack } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  type BaseAccountPatch,
  useGetBaseAccountQuery,
  useUpdateBaseAccountMutation,
} from '../../../lib/api/base-account.api.ts';
import { CURRENCIES } from '../../../lib/forms/currencies.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { PAGE_FORM_WIDTH } from '../../../lib/theme.ts';
import { TIME_ZONES } from '../../../lib/time-zones.ts';
import { type FieldSpec, SectionForm, type SectionFormProps } from '../components/section-form.tsx';

const Loading = () => (
  <Paper withBorder radius="md" p="xl" maw={PAGE_FORM_WIDTH}>
    <Stack gap="md" role="status" aria-label="Loading">
      <Skeleton height={18} width="30%" />
      <Skeleton height={34} />
      <Skeleton height={34} />
      <Skeleton height={34} width="60%" />
    </Stack>
  </Paper>
);

type SectionProps<V extends FieldValues> = Omit<SectionFormProps<V>, 'values' | 'save'> & {
  values: (account: BaseAccount) => V;
  /** The changed fields as a base account patch. */
  patch: (changes: Partial<V>) => BaseAccountPatch;
};

/** A section of the signed-in user's organization: a skeleton until the account is loaded. */
const OrganizationSection = <V extends FieldValues>({ values, patch, ...props }: SectionProps<V>) => {
  const accountId = useAppSelector((state) => state.user.user?.base_account.id);
  const { data: account } = useGetBaseAccountQuery(accountId ?? '', { skip: !accountId });
  const [update] = useUpdateBaseAccountMutation();
  if (!account) return <Loading />;
  const save = async (changes: Partial<V>) => !(await update({ id: account.id, patch: patch(changes) })).error;
  return <SectionForm {...props} values={values(account)} save={save} />;
};

const contactFields: FieldSpec<ContactInfo>[] = [
  { name: 'email', label: 'Contact email', kind: 'email' },
  { name: 'phone', label: 'Phone' },
  { name: 'website', label: 'Website', kind: 'url', placeholder: 'https://', wide: true },
  { name: 'address_line1', label: 'Address line 1', wide: true },
  { name: 'address_line2', label: 'Address line 2', wide: true },
  { name: 'city', label: 'City' },
  { name: 'postal_code', label: 'Postal code' },
  { name: 'country', label: 'Country', kind: 'country' },
];

export const ContactInfoPage = () => (
  <OrganizationSection
    title="Contact info"
    description="How customers and partners reach your organization."
    schema={contactInfo}
    fields={contactFields}
    values={(account) => account.contact_info}
    patch={(contact_info) => ({ contact_info })}
  />
);

const legalFields: FieldSpec<LegalInfo>[] = [
  { name: 'legal_name', label: 'Legal name', wide: true },
  { name: 'registration_number', label: 'Registration number' },
  { name: 'vat_id', label: 'VAT ID' },
  { name: 'address_line1', label: 'Registered address', wide: true },
  { name: 'city', label: 'City' },
  { name: 'postal_code', label: 'Postal code' },
  { name: 'country', label: 'Country', kind: 'country' },
];

export const LegalInfoPage = () => (
  <OrganizationSection
    title="Legal info"
    description="The legal entity shown on invoices and contracts."
    schema={legalInfo}
    fields={legalFields}
    values={(account) => account.legal_info}
    patch={(legal_info) => ({ legal_info })}
  />
);

const billingFields: FieldSpec<BillingInfo>[] = [
  { name: 'billing_email', label: 'Billing email', kind: 'email', wide: true },
  { name: 'address_line1', label: 'Billing address', wide: true },
  { name: 'city', label: 'City' },
  { name: 'postal_code', label: 'Postal code' },
  { name: 'country', label: 'Country', kind: 'country' },
  { name: 'vat_id', label: 'VAT ID' },
];

export const BillingInfoPage = () => (
  <OrganizationSection
    title="Billing info"
    description="Where we send your subscription invoices."
    schema={billingInfo}
    fields={billingFields}
    values={(account) => account.billing_info}
    patch={(billing_info) => ({ billing_info })}
  />
);

// The organization's name, as registration asks for it.
const profileSchema = profile.extend({ name: registrationInput.shape.organization_name });
type ProfileValues = z.infer<typeof profileSchema>;

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'nb', 'fi', 'cs'];
const languageName = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;

const profileFields: FieldSpec<ProfileValues>[] = [
  { name: 'name', label: 'Organization name', wide: true },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  { name: 'logo_url', label: 'Logo URL', kind: 'url', placeholder: 'https://', wide: true },
  {
    name: 'timezone',
    label: 'Time zone',
    kind: 'select',
    options: TIME_ZONES.map((z) => ({ value: z, label: z })),
  },
  { name: 'currency', label: 'Currency', kind: 'select', options: CURRENCIES.map((c) => ({ value: c, label: c })) },
  {
    name: 'time_format',
    label: 'Time format',
    kind: 'segmented',
    options: [
      { value: '24h', label: '24-hour (14:30)' },
      { value: '12h', label: '12-hour (02:30 PM)' },
    ],
  },
  { name: 'language', label: 'Language', kind: 'select', options: LANGUAGES.map((l) => ({ value: l, label: languageName(l) })) },
];

export const ProfilePage = () => (
  <OrganizationSection
    title="Profile"
    description="Your organization's name, description and regional settings."
    schema={profileSchema}
    fields={profileFields}
    values={(account) => ({ name: account.name, ...account.profile })}
    patch={({ name, ...rest }) => ({
      ...(name !== undefined ? { name } : {}),
      ...(Object.keys(rest).length > 0 ? { profile: rest } : {}),
    })}
  />
);
