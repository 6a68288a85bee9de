import { MESSAGES } from '@excursio/contract/messages';
import { QR_CODE_TYPE_LABELS, QR_LINK_TYPES, type QrCode } from '@excursio/contract/qr-codes';
import { Group, Input, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { fieldErrorItems } from '../../../lib/api/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateQrCodeMutation, useQrStoreOffersQuery, useQrStoresQuery, useUpdateQrCodeMutation } from '../api.ts';

type LinkType = (typeof QR_LINK_TYPES)[number];

const TYPE_HELP: Record<LinkType, string> = {
  store: 'Opens the store’s home page: for posters, flyers and your shop window.',
  offer: 'Opens the offer’s booking page straight away: for a leaflet about one tour.',
};
const STATUS_NOTE = { draft: ' (Draft)', inactive: ' (Inactive)', active: '' } as const;

/**
 * Create a link, or change one (`code` given): what it is called and where it leads. A printed code
 * keeps its address when it is re-pointed, so changing the target here changes where posters lead.
 */
export const QrCodeFormModal = ({ code, opened, onClose }: { code?: QrCode; opened: boolean; onClose: () => void }) => (
  <Modal opened={opened} onClose={onClose} title={code ? 'Edit QR code' : 'New QR code'} size="md">
    {opened ? <QrCodeForm code={code} onClose={onClose} /> : null}
  </Modal>
);

const QrCodeForm = ({ code, onClose }: { code?: QrCode; onClose: () => void }) => {
  const [create, creating] = useCreateQrCodeMutation();
  const [update, updating] = useUpdateQrCodeMutation();
  const [type, setType] = useState<LinkType>(code?.type === 'offer' ? 'offer' : 'store');
  const [name, setName] = useState(code?.name ?? '');
  const [storeId, setStoreId] = useState<string | null>(code?.store?.id ?? null);
  const [offerId, setOfferId] = useState<string | null>(code?.experience?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stores = useQrStoresQuery();
  const offers = useQrStoreOffersQuery(type === 'offer' && storeId ? storeId : skipToken);

  const storeOptions = (stores.data?.results ?? []).map((s) => ({ value: s.id, label: `${s.name}${STATUS_NOTE[s.status]}` }));
  const offerOptions = (offers.data?.results ?? []).map((o) => ({
    value: o.id,
    label: `${o.title}${o.hidden_reason ? ` — ${o.hidden_reason}` : ''}`,
  }));
  const noStores = stores.isSuccess && storeOptions.length === 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Name the code, e.g. “Poster at the pier”.';
    if (!storeId) local.store_id = 'Choose the store the code leads to.';
    if (type === 'offer' && !offerId) local.experience_id = 'Choose the offer the code opens.';
    if (Object.keys(local).length) return setErrors(local);
    const body = { type, name: name.trim(), store_id: storeId as string, experience_id: type === 'offer' ? offerId : null };
    const result = code ? await update({ id: code.id, ...body }) : await create(body);
    if (result.error) return setErrors(Object.fromEntries(fieldErrorItems(result.error).map((e) => [e.attr, e.detail])));
    notifySuccess(code ? MESSAGES.updated : MESSAGES.created);
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper label="Leads to" description={TYPE_HELP[type]} error={errors.type}>
          <SegmentedControl
            mt={6}
            fullWidth
            aria-label="Leads to"
            data={QR_LINK_TYPES.map((value) => ({ value, label: QR_CODE_TYPE_LABELS[value] }))}
            value={type}
            onChange={(value) => setType(value as LinkType)}
          />
        </Input.Wrapper>
        <TextInput
          label="Name"
          description="Only your team sees it."
          placeholder="e.g. Poster at the pier"
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label="Store"
          placeholder={stores.isLoading ? 'Loading stores…' : 'Choose a store'}
          data={storeOptions}
          value={storeId}
          searchable
          nothingFoundMessage="No store of that name"
          onChange={(value) => {
            setStoreId(value);
            setOfferId(null);
          }}
          error={errors.store_id}
        />
        {noStores ? (
          <Text size="sm" c="dimmed">
            There is no store yet. Create one under Stores first: QR codes lead to a store or an offer in it.
          </Text>
        ) : null}
        {type === 'offer' ? (
          <Select
            label="Offer"
            placeholder={!storeId ? 'Choose the store first' : offers.isFetching ? 'Loading offers…' : 'Choose an offer'}
            disabled={!storeId}
            data={offerOptions}
            value={offerId}
            searchable
            nothingFoundMessage={storeId ? 'This store has no such offer' : undefined}
            onChange={setOfferId}
            error={errors.experience_id}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            {code ? 'Save' : 'Create QR code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
