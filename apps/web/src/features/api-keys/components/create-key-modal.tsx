import { API_KEY_SCOPES, type ApiKeyCreated, apiKeyInput } from '@excursio/contract/api-keys';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { CreateWithSecretModal, SecretOnce } from '../../../components/secret-once.tsx';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { useCreateApiKeyMutation } from '../api/api-keys.api.ts';

/**
 * "New API key": a name and the permissions, then the secret — shown here once, with a copy button.
 * Closing the dialog forgets it.
 */
export const CreateKeyModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <CreateWithSecretModal<ApiKeyCreated>
    opened={opened}
    onClose={onClose}
    title="New API key"
    createdTitle="Your new API key"
    form={(onCreated, onCancel) => <KeyForm onCreated={onCreated} onCancel={onCancel} />}
    created={(apiKey, onDone) => <CreatedKey apiKey={apiKey} onDone={onDone} />}
  />
);

const KeyForm = ({ onCreated, onCancel }: { onCreated: (key: ApiKeyCreated) => void; onCancel: () => void }) => {
  const { can } = useAccess();
  const [createKey, { isLoading }] = useCreateApiKeyMutation();
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(apiKeyInput),
    defaultValues: { name: '', scopes: [] },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await createKey(values);
    if (result.data) onCreated(result.data);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Say what uses it, e.g. 'Booking sync' or 'Website'."
          {...register('name')}
          error={formState.errors.name?.message}
          data-autofocus
        />
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => (
            <Checkbox.Group
              label="Permissions"
              description="The key can do exactly this. You can give it only permissions you hold; account settings, the team and the cart are never open to keys."
              value={field.value}
              onChange={field.onChange}
              error={formState.errors.scopes?.message}
            >
              <Stack gap={8} mt="xs">
                {API_KEY_SCOPES.map((title) => {
                  const held = can([title]);
                  return (
                    <Checkbox
                      key={title}
                      value={title}
                      label={title}
                      disabled={!held}
                      description={held ? undefined : 'You do not hold this permission.'}
                    />
                  );
                })}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const CreatedKey = ({ apiKey, onDone }: { apiKey: ApiKeyCreated; onDone: () => void }) => (
  <SecretOnce
    warning={{
      title: 'Copy it now',
      text: "This is the only time the key is shown. Keep it in your server's secret store: anyone holding it can act for your organization with its permissions. If it is lost, revoke it and create another.",
    }}
    label="API key"
    value={apiKey.secret}
    onDone={onDone}
  >
    <Text size="sm" c="dimmed">
      Send it as <code>Authorization: Bearer {apiKey.prefix}…</code> to <code>{`${window.location.origin}/api/`}</code>. It works
      on your organization's address only.
    </Text>
  </SecretOnce>
);
