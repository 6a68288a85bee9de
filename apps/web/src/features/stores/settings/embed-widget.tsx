import type { Store } from '@excursio/contract/stores';
import { Anchor, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CopyField } from '../../../components/copy-field.tsx';
import { useListStoreExperiencesQuery } from '../api.ts';
import { storeEditorPath } from '../store-paths.ts';
import { bookedListenerSnippet, embedSnippet, embedUrl } from './embed-snippet.ts';

/** "Embed on your website": the iframe of one of the store's offers, and the message it sends when a booking completes. */
export const EmbedWidget = ({ store }: { store: Store }) => {
  const { data } = useListStoreExperiencesQuery({ storeId: store.id, params: { page: 1, page_size: 50, ordering: 'title' } });
  const offers = data?.results ?? [];
  const [offerId, setOfferId] = useState<string | null>(null);
  const offer = offers.find((o) => o.id === offerId) ?? offers[0] ?? null;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="md" fw={600}>
          Embed on your website
        </Title>
        <Text size="sm" c="dimmed">
          Paste this snippet into your own page to sell an offer of this store there, with this store’s currency, payment and
          checkout settings.
        </Text>
        {data && offers.length === 0 ? (
          <Text size="sm">
            The store has no offers yet.{' '}
            <Anchor component={Link} to={storeEditorPath(store.id, 'add-products')}>
              Add offers from the Global catalog
            </Anchor>{' '}
            to get a snippet.
          </Text>
        ) : null}
        {offer ? (
          <>
            <Select
              label="Offer"
              data={offers.map((o) => ({ value: o.id, label: o.title }))}
              value={offer.id}
              onChange={setOfferId}
              allowDeselect={false}
              searchable
              maw={420}
            />
            <CopyField label="Widget snippet" value={embedSnippet(store.url, offer)} block />
            <Anchor href={embedUrl(store.url, offer.id)} target="_blank" rel="noopener noreferrer" size="sm" w="fit-content">
              Open the widget in a new tab
            </Anchor>
          </>
        ) : null}
        <Text size="sm">
          When a booking is completed, the widget posts a message to your page, so it can thank the visitor or count the sale:{' '}
          <code>{'{ type: "excursio:booking-completed", reference, session_id, total, currency }'}</code> — the total in minor
          units (cents).
        </Text>
        <CopyField label="Listener example" value={bookedListenerSnippet(store.url)} block />
      </Stack>
    </Card>
  );
};
