import '@mantine/dropzone/styles.css';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@excursio/contract/media';
import { MESSAGES } from '@excursio/contract/messages';
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCheck, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { IconButton } from '../../../../components/button.tsx';
import { api } from '../../../../lib/api/api.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { useAppDispatch } from '../../../../lib/store/hooks.ts';
import { type UploadItem, useUploadQueue } from '../../../../lib/upload/use-upload-queue.ts';

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
const TYPE_NAMES = 'JPEG, PNG, WebP, AVIF or GIF';

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

const rejectionDetail = (rejection: FileRejection) => {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return `${rejection.file.name} is larger than ${MAX_MB} MB.`;
  if (code === 'file-invalid-type') return `${rejection.file.name} is not a ${TYPE_NAMES} image.`;
  return `${rejection.file.name}: ${rejection.errors[0]?.message ?? 'the file was refused.'}`;
};

const UploadRow = ({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) => {
  const percent = Math.round(item.progress * 100);
  const status =
    item.status === 'queued'
      ? 'Waiting…'
      : item.status === 'uploading'
        ? `${percent}%`
        : item.status === 'done'
          ? 'Uploaded'
          : 'Failed';
  return (
    <Paper withBorder radius="sm" px="sm" py={8} component="li">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {item.status === 'done' ? <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden /> : null}
          <Text size="sm" truncate fw={500}>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {formatBytes(item.size)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none', maxWidth: '60%' }}>
          <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} truncate aria-live="polite">
            {status}
          </Text>
          {item.status === 'failed' ? (
            <IconButton label={`Dismiss ${item.name}`} size="sm" onClick={onDismiss}>
              <IconX size={14} />
            </IconButton>
          ) : null}
        </Group>
      </Group>
      <Progress
        value={item.status === 'failed' ? 100 : percent}
        color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : undefined}
        striped={item.status === 'uploading'}
        animated={item.status === 'uploading'}
        size="sm"
        aria-label={`Upload of ${item.name}`}
      />
      {item.status === 'failed' && item.detail ? (
        <Text size="xs" c="red" mt={4}>
          {item.detail}
        </Text>
      ) : null}
    </Paper>
  );
};

/**
 * Drag-and-drop image upload: each file is PATCHed to the offer's images endpoint on its own, with
 * its own progress bar; after each upload the offer is fetched again so the gallery shows it.
 */
export const ImageUpload = ({ experienceId }: { experienceId: string }) => {
  const dispatch = useAppDispatch();
  const { items, add, dismiss, busy } = useUploadQueue({
    url: `/api/experiences/${experienceId}/images/`,
    onUploaded: () => dispatch(api.util.invalidateTags(['Experience'])),
  });

  const onReject = (rejections: FileRejection[]) => {
    for (const rejection of rejections) notifyError(MESSAGES.uploadFailed(rejectionDetail(rejection)));
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={add}
        onReject={onReject}
        accept={[...ACCEPTED_IMAGE_TYPES]}
        maxSize={MAX_UPLOAD_BYTES}
        multiple
        radius="md"
        aria-label="Upload images"
      >
        <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} color="var(--mantine-color-brand-6)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text size="md" fw={500}>
              Drag images here or click to choose files
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {TYPE_NAMES}, up to {MAX_MB} MB each. {busy ? 'Uploading…' : 'Several at once are fine.'}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {items.length > 0 ? (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Uploads">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onDismiss={() => dismiss(item.key)} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
};
