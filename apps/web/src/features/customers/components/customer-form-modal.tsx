import type { Customer } from '@excursio/contract/customers';
import { MESSAGES } from '@excursio/contract/messages';
import { Group, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { CountrySelect } from '../../../components/country-select.tsx';
import { useCreateCustomerMutation, useUpdateCustomerMutation } from '../../../lib/api/customers.api.ts';
import { fieldErrorItems } from '../../../lib/api/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';

type Draft = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  language: string;
  notes: string;
  marketing_consent: boolean;
};
const draftOf = (c: Customer | null): Draft => ({
  first_name: c?.first_name ?? '',
  last_name: c?.last_name ?? '',
  email: c?.email ?? '',
  phone: c?.phone ?? '',
  country: c?.country ?? '',
  language: c?.language ?? '',
  notes: c?.notes ?? '',
  marketing_consent: c?.marketing_consent ?? false,
});

const CustomerForm = ({ customer, onClose }: { customer: Customer | null; onClose: () => void }) => {
  const [draft, setDraft] = useState(() => draftOf(customer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateCustomerMutation();
  const [update, updating] = useUpdateCustomerMutation();
  const set = (key: keyof Draft) => (value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft.first_name.trim() && !draft.last_name.trim() && !draft.email.trim()) {
      return setErrors({ last_name: 'Enter a name or an email address.' });
    }
    const body = { ...draft, email: draft.email.trim() || null };
    const result = customer ? await update({ id: customer.id, ...body }) : await create(body);
    if (result.error) return setErrors(Object.fromEntries(fieldErrorItems(result.error).map((e) => [e.attr, e.detail])));
    notifySuccess(customer ? MESSAGES.updated : MESSAGES.created);
    onClose();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            value={draft.first_name}
            onChange={(e) => set('first_name')(e.currentTarget.value)}
            error={errors.first_name}
          />
          <TextInput
            label="Last name"
            value={draft.last_name}
            onChange={(e) => set('last_name')(e.currentTarget.value)}
            error={errors.last_name}
          />
          <TextInput
            label="Email"
            type="email"
            value={draft.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={draft.phone}
            onChange={(e) => set('phone')(e.currentTarget.value)}
            error={errors.phone}
          />
          <CountrySelect
            label="Country"
            value={draft.country || null}
            onChange={(code) => set('country')(code ?? '')}
            error={errors.country}
            clearable
          />
          <TextInput
            label="Language"
            description="A language code, such as en or de"
            value={draft.language}
            onChange={(e) => set('language')(e.currentTarget.value)}
            error={errors.language}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          value={draft.notes}
          onChange={(e) => set('notes')(e.currentTarget.value)}
          error={errors.notes}
        />
        <Switch
          label="Agrees to receive marketing emails"
          checked={draft.marketing_consent}
          onChange={(e) => set('marketing_consent')(e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            {customer ? 'Save' : 'Create customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** `customer`: undefined = closed, null = new, else edit that one. */
export const CustomerFormModal = ({ customer, onClose }: { customer: Customer | null | undefined; onClose: () => void }) => (
  <Modal opened={customer !== undefined} onClose={onClose} title={customer ? 'Edit customer' : 'New customer'} size="lg">
    {customer !== undefined ? <CustomerForm key={customer?.id ?? 'new'} customer={customer} onClose={onClose} /> : null}
  </Modal>
);
