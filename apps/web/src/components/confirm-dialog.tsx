import { Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export const ConfirmDialog = ({
  opened,
  title,
  message,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Modal opened={opened} onClose={onClose} title={title} size="sm">
    <Text size="sm">{message}</Text>
    <Group justify="flex-end" mt="lg">
      <Button variant="standard" onClick={onClose}>
        Cancel
      </Button>
      <Button variant="danger" onClick={onConfirm} loading={loading}>
        {confirmLabel}
      </Button>
    </Group>
  </Modal>
);
