import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEndpointWithSecret,
  webhookEndpointInput,
} from '@excursio/contract/webhooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { CreateWithSecretModal, SecretOnce } from '../../../components/secret-once.tsx';
import { useCreateWebhookEndpointMutation } from '../api/webhooks.api.ts';

/** "Add endpoint": the address and the events, then its signing secret with a copy button. */
export const EndpointModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <CreateWithSecretModal<WebhookEndpointWithSecret>
    opened={opened}
    onClose={onClose}
    title="Add webhook endpoint"
    createdTitle="Endpoint added"
    form={(onCreated, onCancel) => <EndpointForm onCreated={onCreated} onCancel={onCancel} />}
    created={(endpoint, onDone) => <SecretShown endpoint={endpoint} onDone={onDone} />}
  />
);

const EndpointForm = ({ onCreated, onCancel }: { onCreated: (e: WebhookEndpointWithSecret) => void; onCancel: () => void }) => {
  const [create, { isLoading }] = useCreateWebhookEndpointMutation();
  const { register, handleSubmit, control, formState, setError } = useForm({
    resolver: zodResolver(webhookEndpointInput),
    defaultValues: { url: '', description: '', events: [...WEBHOOK_EVENTS] },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await create(values);
    if (result.data) onCreated(result.data);
    // The server's refusal of the address (a private one) shows under the field.
    const refusal = (
      result.error as { data?: { errors?: { attr: string | null; detail: string }[] } } | undefined
    )?.data?.errors?.find((e) => e.attr === 'url');
    if (refusal) setError('url', { message: refusal.detail });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          description="A public https address of your system. Private and internal addresses are refused."
          placeholder="https://example.com/hooks/excursio"
          {...register('url')}
          error={formState.errors.url?.message}
          data-autofocus
        />
        <TextInput label="Description" placeholder="e.g. Booking sync" {...register('description')} />
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group
              label="Events"
              description="What this endpoint is sent."
              value={field.value}
              onChange={field.onChange}
              error={formState.errors.events?.message}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} mt="xs">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} description={event} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** The signing secret and how to check a delivery with it. */
export const SecretShown = ({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) => (
  <SecretOnce
    warning={{
      title: 'Keep the signing secret safe',
      text: 'Your endpoint uses it to check that a delivery comes from Excursio. Anyone holding it can forge deliveries: if it leaks, rotate it.',
    }}
    label="Signing secret"
    value={endpoint.secret}
    onDone={onDone}
  >
    <Text size="sm" c="dimmed">
      Each delivery is a JSON POST with the header <code>{WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…</code>: compute the hex HMAC-SHA256
      of <code>{'{t}.{body}'}</code> with this secret, compare it with <code>v1</code>, and refuse a <code>t</code> more than five
      minutes old.
    </Text>
  </SecretOnce>
);
