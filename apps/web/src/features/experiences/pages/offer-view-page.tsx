import { EXPERIENCE_TYPE_LABELS, type Experience } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconChevronLeft, IconEye, IconPencil } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { useGetExperienceQuery } from '../../../lib/api/catalog.api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { isRecordId, NOT_FOUND_MESSAGES } from '../../../lib/record-id.ts';
import { PAGE_FORM_WIDTH } from '../../../lib/theme.ts';
import { OfferStatusBadge } from '../components/offer-status-badge.tsx';
import { editorPath } from '../editor/editor-footer.tsx';
import { OVERVIEW_PATH } from '../editor/editor-rules.ts';
import { EditorSkeleton } from '../editor/editor-skeleton.tsx';
import { OfferPreviewPanel } from '../editor/offer-preview-panel.tsx';
import { OfferFacts } from '../view/offer-facts.tsx';

const ViewHeader = ({ experience }: { experience: Experience }) => (
  <Stack gap="sm">
    <Anchor component={Link} to={OVERVIEW_PATH} size="sm" c="dimmed" w="fit-content">
      <Group gap={2}>
        <IconChevronLeft size={14} />
        All offers
      </Group>
    </Anchor>
    <Group gap="sm" wrap="nowrap">
      <Title order={2} fz={22} fw={600} lineClamp={2} data-testid="offer-title">
        {experience.title}
      </Title>
      <div style={{ flex: 'none' }}>
        <OfferStatusBadge status={experience.status} />
      </div>
    </Group>
    <Text size="sm" c="dimmed">
      {EXPERIENCE_TYPE_LABELS[experience.type]}
    </Text>
  </Stack>
);

/**
 * `/products/experiences/view/:experienceId`: the offer for people who may view offers but not
 * change them — the visitor preview, then every step's data as text. No actions.
 */
export const OfferViewPage = () => {
  const { experienceId } = useParams();
  const navigate = useNavigate();
  const badId = experienceId !== undefined && !isRecordId(experienceId);
  const { data: experience, error } = useGetExperienceQuery(experienceId && !badId ? experienceId : skipToken);
  const canManage = useAccess().can(['Manage experiences']);

  useEffect(() => {
    if (experienceId && !badId) return;
    notifyError(badId ? NOT_FOUND_MESSAGES.experience : MESSAGES.missingId('experience'));
    navigate(OVERVIEW_PATH, { replace: true });
  }, [experienceId, badId, navigate]);
  // The request layer has already shown the error toasts.
  useEffect(() => {
    if (error) navigate(OVERVIEW_PATH, { replace: true });
  }, [error, navigate]);

  if (!experience) return <EditorSkeleton />;
  return (
    <Stack gap="lg" maw={PAGE_FORM_WIDTH}>
      <ViewHeader experience={experience} />
      {canManage ? (
        <Button
          component={Link}
          to={editorPath(experience.id, 'basic-info')}
          leftSection={<IconPencil size={16} />}
          w="fit-content"
        >
          Edit offer
        </Button>
      ) : (
        <Alert variant="light" color="gray" icon={<IconEye size={18} />} title="Read-only">
          You can view this offer. Changing it needs the 'Manage experiences' permission.
        </Alert>
      )}
      <OfferPreviewPanel experience={experience} />
      <OfferFacts experience={experience} />
    </Stack>
  );
};
