import { MESSAGES } from '@excursio/contract/messages';
import { type STORE_OWNERSHIPS, storeSlug } from '@excursio/contract/stores';
import { Group, Input, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { fieldErrorItems } from '../../../lib/api/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateStoreMutation } from '../api.ts';
import { storeEditorPath } from '../store-paths.ts';
import { EMPTY_SLUG_DRAFT, withName, withSlug } from './slug-draft.ts';
import { currencyOptions, OWNERSHIP_HELP, OWNERSHIP_OPTIONS } from './store-options.ts';

type Ownership = (typeof STORE_OWNERSHIPS)[number];

/** "Create store": name, slug (from the name until edited), currency, ownership → the new store's settings (§2). */
export const NewStoreModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <Modal opened={opened} onClose={onClose} title="Create store" size="md">
    {opened ? <NewStoreForm onClose={onClose} /> : null}
  </Modal>
);

const NewStoreForm = ({ onClose }: { onClose: () => void }) => {
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateStoreMutation();
  const [draft, setDraft] = useState(EMPTY_SLUG_DRAFT);
  const [currency, setCurrency] = useState('EUR');
  const [ownership, setOwnership] = useState<Ownership>('internal');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!draft.name.trim()) local.name = 'Enter the store’s name.';
    const slug = storeSlug.safeParse(draft.slug);
    if (draft.slug.trim() && !slug.success) local.slug = slug.error.issues[0]?.message ?? 'Check the slug.';
    if (Object.keys(local).length) return setErrors(local);
    const result = await create({
      name: draft.name.trim(),
      ...(slug.success ? { slug: slug.data } : {}),
      currency,
      ownership,
    });
    if (result.error) return setErrors(Object.fromEntries(fieldErrorItems(result.error).map((e) => [e.attr, e.detail])));
    notifySuccess(MESSAGES.storeCreated);
    onClose();
    navigate(storeEditorPath(result.data.id, 'settings')); // specification §2: after a store is created, its settings
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Lake tours shop"
          data-autofocus
          value={draft.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setDraft((d) => withName(d, name));
          }}
          error={errors.name}
        />
        <TextInput
          label="Slug"
          description="The store’s address: …/s/{slug}/. Filled in from the name; change it if you like."
          value={draft.slug}
          onChange={(e) => {
            const slug = e.currentTarget.value;
            setDraft((d) => withSlug(d, slug));
          }}
          error={errors.slug}
        />
        <Select
          label="Currency"
          description="Only offers priced in this currency can be added."
          data={currencyOptions(currency)}
          value={currency}
          allowDeselect={false}
          onChange={(value) => value && setCurrency(value)}
          error={errors.currency}
        />
        <Input.Wrapper label="Ownership" description={OWNERSHIP_HELP} error={errors.ownership}>
          <SegmentedControl
            mt={6}
            fullWidth
            aria-label="Ownership"
            data={OWNERSHIP_OPTIONS}
            value={ownership}
            onChange={(value) => setOwnership(value as Ownership)}
          />
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Create store
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
