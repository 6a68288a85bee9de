import type { Experience } from '@excursio/contract/experiences';
import { Box, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { OfferPreview } from '../../../components/offer-preview/offer-preview.tsx';
import {
  useGetCancellationPolicyQuery,
  useGetMeetingPointQuery,
  useListAgendaItemsQuery,
  useListVideosQuery,
} from '../../../lib/api/catalog.api.ts';
import { BREAKPOINTS, BREAKPOINTS_PX } from '../../../lib/theme.ts';
import { UpcomingStarts } from './upcoming-starts.tsx';

type Frame = 'desktop' | 'mobile';

const FrameLabel = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <Group gap={6} wrap="nowrap" justify="center">
    {icon}
    <span>{text}</span>
  </Group>
);

/**
 * The offer exactly as the webstore will render it, in a desktop or phone-wide frame: the editor's
 * Preview step and the read-only offer view both show it.
 */
export const OfferPreviewPanel = ({ experience }: { experience: Experience }) => {
  const [frame, setFrame] = useState<Frame>('desktop');
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.tab})`) ?? true;
  const agenda = useListAgendaItemsQuery({ experience: experience.id, page_size: 100 });
  const videos = useListVideosQuery({ experience: experience.id, page_size: 100 });
  const point = useGetMeetingPointQuery(experience.meeting_point_id ?? skipToken);
  const policy = useGetCancellationPolicyQuery(experience.cancellation_policy_id ?? skipToken);
  const loading = agenda.isLoading || videos.isLoading || point.isLoading || policy.isLoading;

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          This is how visitors see the offer in your webstore.
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={frame}
          onChange={(value) => setFrame(value as Frame)}
          visibleFrom="sm"
          data={[
            { value: 'desktop', label: <FrameLabel icon={<IconDeviceDesktop size={14} />} text="Desktop" /> },
            { value: 'mobile', label: <FrameLabel icon={<IconDeviceMobile size={14} />} text="Phone" /> },
          ]}
        />
      </Group>
      {/* A framed page from the tab width on; on a phone the preview uses the whole width. */}
      <Paper
        withBorder={wide}
        radius="lg"
        p={wide ? 'lg' : 0}
        mx="auto"
        w="100%"
        maw={wide && frame === 'mobile' ? BREAKPOINTS_PX.mobMedium + 2 : undefined}
        style={{ transition: 'max-width 0.2s ease' }}
      >
        {loading ? (
          <Stack aria-busy="true" aria-label="Loading the preview">
            <Skeleton h={260} />
            <Skeleton h={32} w="60%" />
            <Skeleton h={120} />
          </Stack>
        ) : (
          <OfferPreview
            offer={experience}
            agenda={agenda.data?.results ?? []}
            meetingPoint={experience.meeting_point_id ? point.data : null}
            cancellationPolicy={experience.cancellation_policy_id ? policy.data : null}
            videos={videos.data?.results ?? []}
            action={
              <Stack gap="md">
                <Tooltip label="Visitors pick a date and book here in the webstore.">
                  <Box>
                    <Button fullWidth disabled>
                      Check availability
                    </Button>
                  </Box>
                </Tooltip>
                <UpcomingStarts experienceId={experience.id} />
              </Stack>
            }
          />
        )}
      </Paper>
    </Stack>
  );
};
