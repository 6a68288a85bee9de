import { Alert, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Button } from './button.tsx';
import { CopyField } from './copy-field.tsx';

/** A secret shown once (an API key, a signing secret, a feed address): the warning, the value to copy, how to use it. */
export const SecretOnce = ({
  warning,
  label,
  value,
  children,
  onDone,
  block,
}: {
  warning: { title: string; text: ReactNode };
  label: string;
  value: string;
  /** How to use it, under the value. */
  children?: ReactNode;
  onDone: () => void;
  block?: boolean;
}) => (
  <Stack gap="md">
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={warning.title}>
      {warning.text}
    </Alert>
    <CopyField label={label} value={value} block={block} />
    {children}
    <Group justify="flex-end">
      <Button onClick={onDone}>Done</Button>
    </Group>
  </Stack>
);

/**
 * A dialog that creates something with a secret: the form, then what was created (its secret shown
 * once). Closing forgets it, and a stray click outside no longer closes it once the secret shows.
 */
export const CreateWithSecretModal = <T,>({
  opened,
  onClose,
  title,
  createdTitle,
  form,
  created: shown,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  createdTitle: string;
  form: (onCreated: (created: T) => void, onCancel: () => void) => ReactNode;
  created: (created: T, onDone: () => void) => ReactNode;
}) => {
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? createdTitle : title}
      size="lg"
      closeOnClickOutside={created === null}
    >
      {created !== null ? shown(created, close) : opened ? form(setCreated, close) : null}
    </Modal>
  );
};
