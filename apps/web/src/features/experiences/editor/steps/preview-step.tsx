import type { Experience } from '@excursio/contract/experiences';
import { Alert, Anchor, Box, Button, Group, List, Paper, SegmentedControl, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconDeviceDesktop, IconDeviceMobile, IconEyeOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BREAKPOINTS, BREAKPOINTS_PX } from '../../../../app/theme.ts';
import { OfferPreview } from '../../../../components/offer-preview/offer-preview.tsx';
import {
  useGetCancellationPolicyQuery,
  useGetMeetingPointQuery,
  useListAgendaItemsQuery,
  useListVideosQuery,
} from '../../../../lib/api/catalog.api.ts';
import { EditorFooter, editorPath } from '../editor-footer.tsx';
import { problemStep, STEP_LABELS } from '../editor-rules.ts';

type Frame = 'desktop' | 'mobile';

/** Why a non-Active offer is not in the webstore: its status, and what blocks going Active (linked to the step that fixes it). */
const NotVisibleBox = ({ experience }: { experience: Experience }) => (
  <Alert variant="light" color="orange" icon={<IconEyeOff size={18} />} title="Not visible to visitors yet">
    <Stack gap={6}>
      <Text size="sm">
        {experience.status === 'inactive' ? 'This offer is Inactive.' : 'This offer is a Draft.'}{' '}
        {experience.publish_problems.length > 0 ? 'Before it can go Active:' : 'It has everything it needs; set it to Active in '}
        {experience.publish_problems.length === 0 && (
          <Anchor component={Link} to={editorPath(experience.id, 'settings')} size="sm">
            {STEP_LABELS.settings}
          </Anchor>
        )}
        {experience.publish_problems.length === 0 && '.'}
      </Text>
      {experience.publish_problems.length > 0 && (
        <List size="sm" spacing={2}>
          {experience.publish_problems.map((problem) => {
            const step = problemStep(problem.attr);
            return (
              <List.Item key={problem.attr}>
                {problem.detail}{' '}
                <Anchor component={Link} to={editorPath(experience.id, step)} size="sm">
                  Go to {STEP_LABELS[step]}
                </Anchor>
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  </Alert>
);

/** The offer exactly as the webstore will render it, in a desktop or phone-wide frame. */
export function PreviewStep({ experience }: { experience: Experience }) {
  const [frame, setFrame] = useState<Frame>('desktop');
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.tab})`) ?? true;
  const agenda = useListAgendaItemsQuery({ experience: experience.id, page_size: 100 });
  const videos = useListVideosQuery({ experience: experience.id, page_size: 100 });
  const point = useGetMeetingPointQuery(experience.meeting_point_id ?? skipToken);
  const policy = useGetCancellationPolicyQuery(experience.cancellation_policy_id ?? skipToken);
  const loading = agenda.isLoading || videos.isLoading || point.isLoading || policy.isLoading;

  return (
    <Stack gap="lg">
      {experience.status !== 'active' && <NotVisibleBox experience={experience} />}
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
        maw={wide && frame === 'mobile' ? BREAKPOINTS_PX.mobMedium + 2 : 1200}
        style={{ transition: 'max-width 0.2s ease' }}
      >
        {loading ? (
          <Stack>
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
              <Tooltip label="Visitors pick a date and book here in the webstore.">
                <Box>
                  <Button fullWidth disabled>
                    Check availability
                  </Button>
                </Box>
              </Tooltip>
            }
          />
        )}
      </Paper>
      <EditorFooter experienceId={experience.id} step="preview" />
    </Stack>
  );
}

const FrameLabel = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <Group gap={6} wrap="nowrap" justify="center">
    {icon}
    <span>{text}</span>
  </Group>
);
