import { MESSAGES } from '@excursio/contract/messages';
import type { Store } from '@excursio/contract/stores';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { fieldErrorItems } from '../../../lib/api/errors.ts';
import { useUnsavedGuard } from '../../../lib/forms/use-unsaved-guard.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useUpdateStoreMutation } from '../api.ts';
import { BrandingSection, ContactSection } from './branding-section.tsx';
import { CheckoutSection } from './checkout-section.tsx';
import { EmbedWidget } from './embed-widget.tsx';
import { GeneralSection } from './general-section.tsx';
import {
  changedStoreFields,
  type SettingsOutput,
  type SettingsValues,
  settingsSchema,
  settingsValuesOf,
} from './settings-form.ts';

/**
 * The Settings tab: every field of the store in one form. Save validates with the contract's rules,
 * PATCHes only what changed ('Store successfully updated!'), and shows the server's field errors at
 * their fields. Leaving with unsaved changes asks first.
 */
export const SettingsStep = ({ store }: { store: Store }) => {
  const form = useForm<SettingsValues, unknown, SettingsOutput>({
    resolver: zodResolver(settingsSchema),
    values: settingsValuesOf(store),
    resetOptions: { keepDirtyValues: true },
  });
  const { isDirty } = form.formState;
  const [update, { isLoading: saving }] = useUpdateStoreMutation();
  const guard = useUnsavedGuard(isDirty);
  // `resetOptions` apply to every reset; these replace what was typed, so they must not keep it.
  const resetTo = (next: Store) => form.reset(settingsValuesOf(next), { keepDirtyValues: false });

  const onSubmit = form.handleSubmit(async (output) => {
    const patch = changedStoreFields(output, store);
    if (Object.keys(patch).length === 0) return resetTo(store);
    const result = await update({ id: store.id, ...patch });
    if (result.error) {
      for (const item of fieldErrorItems(result.error)) {
        if (item.attr in output)
          form.setError(item.attr as keyof SettingsValues, { message: item.detail }, { shouldFocus: true });
      }
      return;
    }
    notifySuccess(MESSAGES.storeUpdated);
    // Activated (or kept Active) with offers nobody can be paid for: a warning, not a refusal.
    if (patch.status === 'active' && result.data.payment_warning) notifyWarning(result.data.payment_warning);
    resetTo(result.data);
    guard.release();
  });

  return (
    <Stack gap="lg">
      <form noValidate onSubmit={onSubmit} aria-label="Store settings">
        <Stack gap="lg">
          <GeneralSection form={form} store={store} />
          <BrandingSection form={form} store={store} />
          <ContactSection form={form} />
          <CheckoutSection form={form} store={store} />
        </Stack>
        <Paper withBorder p="sm" radius="md" pos="sticky" bottom={0} style={{ zIndex: 5 }} mt="lg" data-sticky-footer>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed">
              {isDirty ? 'Unsaved changes' : 'All changes saved'}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="standard" disabled={!isDirty || saving} onClick={() => resetTo(store)}>
                Discard
              </Button>
              <Button type="submit" loading={saving} disabled={!isDirty}>
                Save
              </Button>
            </Group>
          </Group>
        </Paper>
      </form>
      <EmbedWidget store={store} />
      <ConfirmDialog
        opened={guard.blocker.state === 'blocked'}
        title="Leave without saving?"
        message="The store settings have unsaved changes. They are lost if you leave now."
        confirmLabel="Leave without saving"
        onConfirm={() => guard.blocker.proceed?.()}
        onClose={() => guard.blocker.reset?.()}
      />
    </Stack>
  );
};
