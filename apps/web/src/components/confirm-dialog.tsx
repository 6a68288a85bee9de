import { MESSAGES } from '@excursio/contract/messages';
import { Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { notifySuccess } from '../lib/notify.ts';
import { Button } from './button.tsx';

export const ConfirmDialog = ({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'danger',
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting: name what it keeps when "Cancel" would be ambiguous ("Keep order"). */
  cancelLabel?: string;
  confirmVariant?: 'danger' | 'primary';
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Modal opened={opened} onClose={onClose} title={title} size="sm">
    <Text size="sm">{message}</Text>
    <Group justify="flex-end" mt="lg">
      <Button variant="standard" onClick={onClose}>
        {cancelLabel}
      </Button>
      <Button variant={confirmVariant} onClick={onConfirm} loading={loading}>
        {confirmLabel}
      </Button>
    </Group>
  </Modal>
);

/**
 * "Delete …?" for a row: `ask(row)` opens the dialog, `dialog` are the ConfirmDialog's state props.
 * A confirmed delete toasts 'Item deleted!'; either way the dialog closes (the base query toasts a
 * refusal's reason).
 */
export const useConfirmDelete = <T extends { id: string }>(remove: (id: string) => PromiseLike<{ error?: unknown }>) => {
  const [target, setTarget] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const onConfirm = async () => {
    if (!target) return;
    setLoading(true);
    const result = await remove(target.id);
    setLoading(false);
    if (!result.error) notifySuccess(MESSAGES.deleted);
    setTarget(null);
  };
  return { target, ask: setTarget, dialog: { opened: target !== null, loading, onConfirm, onClose: () => setTarget(null) } };
};
