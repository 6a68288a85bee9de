import type { Video } from '@excursio/contract/media';
import { parseVideoUrl } from '@excursio/contract/media';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Center,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBrandVimeo, IconBrandYoutube, IconPlus, IconTrash, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, IconButton } from '../../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../../components/confirm-dialog.tsx';
import { useCreateVideoMutation, useDeleteVideoMutation, useListVideosQuery } from '../../../../lib/api/catalog.api.ts';
import { fieldErrorItems } from '../../../../lib/api/errors.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { VIDEO_PROVIDER_LABELS } from './video-url.ts';

const schema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: 'Paste a YouTube or Vimeo link.' })
    .refine((url) => parseVideoUrl(url) !== null, { error: 'Enter a YouTube or Vimeo video link.' }),
  title: z.string().trim().max(200, { error: 'Use at most 200 characters.' }),
});
type Values = z.input<typeof schema>;

const ProviderIcon = ({ provider }: { provider: string }) =>
  provider === 'youtube' ? (
    <IconBrandYoutube size={28} aria-hidden />
  ) : provider === 'vimeo' ? (
    <IconBrandVimeo size={28} aria-hidden />
  ) : (
    <IconVideo size={28} aria-hidden />
  );

const VideoCard = ({ video, onDelete }: { video: Video; onDelete: () => void }) => {
  const title = video.title || video.url;
  // The provider's thumbnail may not load (offline, removed video): show the provider's icon instead.
  const [broken, setBroken] = useState(false);
  return (
    <Paper withBorder radius="md" p={6} component="li" style={{ listStyle: 'none' }}>
      <AspectRatio ratio={16 / 9}>
        {video.thumbnail_url && !broken ? (
          <Image src={video.thumbnail_url} alt="" radius="sm" fit="cover" loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <ProviderIcon provider={video.provider} />
          </Center>
        )}
      </AspectRatio>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4} mt={6}>
        <Box style={{ minWidth: 0 }}>
          <Anchor href={video.url} target="_blank" rel="noopener noreferrer" size="sm" fw={500} lineClamp={2}>
            {title}
          </Anchor>
          <Badge size="xs" variant="light" color="gray" mt={4}>
            {VIDEO_PROVIDER_LABELS[video.provider] ?? video.provider}
          </Badge>
        </Box>
        <IconButton label={`Delete video ${title}`} onClick={onDelete}>
          <IconTrash size={16} />
        </IconButton>
      </Group>
    </Paper>
  );
};

/** Videos of the offer, added by their YouTube or Vimeo link. */
export const VideosSection = ({ experienceId }: { experienceId: string }) => {
  const { data, isLoading } = useListVideosQuery({ experience: experienceId, page_size: 100 });
  const [createVideo, { isLoading: creating }] = useCreateVideoMutation();
  const [deleteVideo] = useDeleteVideoMutation();
  const deletion = useConfirmDelete<Video>(deleteVideo);
  const deleting = deletion.target;
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { url: '', title: '' },
  });
  const { errors } = formState;
  const videos = [...(data?.results ?? [])].sort((a, b) => a.position - b.position);

  const onSubmit = handleSubmit(async (values) => {
    const title = values.title.trim();
    const result = await createVideo({ experience_id: experienceId, url: values.url.trim(), ...(title ? { title } : {}) });
    if (result.error) {
      for (const item of fieldErrorItems(result.error)) {
        if (item.attr === 'url' || item.attr === 'title') setError(item.attr, { message: item.detail });
      }
      return;
    }
    notifySuccess(MESSAGES.created);
    reset();
  });

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label="Add a video">
        <Grid gap="sm" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Video link"
              placeholder="https://www.youtube.com/watch?v=…"
              type="url"
              inputMode="url"
              {...register('url')}
              error={errors.url?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Title" placeholder="Optional" {...register('title')} error={errors.title?.message} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2 }} pt={{ base: 'xs', sm: 33 }}>
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={creating} fullWidth>
              Add video
            </Button>
          </Grid.Col>
        </Grid>
      </form>
      {isLoading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Skeleton h={180} />
        </SimpleGrid>
      ) : videos.length === 0 ? (
        <Text size="sm" c="dimmed">
          No videos yet.
        </Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" p={0} m={0} aria-label="Videos">
          {videos.map((video) => (
            <VideoCard key={video.id} video={video} onDelete={() => deletion.ask(video)} />
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete video"
        message={`Delete the video ${deleting?.title || deleting?.url || ''}?`}
        confirmLabel="Delete"
      />
    </Stack>
  );
};
