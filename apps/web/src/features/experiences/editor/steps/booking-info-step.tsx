import type { EditorStep, Experience } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useUpdateExperienceMutation } from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { AgendaSection } from '../booking-info/agenda-section.tsx';
import { InventorySection } from '../booking-info/inventory-section.tsx';
import { MeetingPointSection } from '../booking-info/meeting-point-section.tsx';
import { PolicySection } from '../booking-info/policy-section.tsx';
import { QuestionsSection } from '../booking-info/questions-section.tsx';
import { EditorFooter, editorPath } from '../editor-footer.tsx';

type Values = { meeting_point_id: string | null; cancellation_policy_id: string | null };

/**
 * Booking info: meeting point and cancellation policy are this step's form (saved by the footer);
 * booking questions, agenda and extras save themselves.
 */
export function BookingInfoStep({ experience }: { experience: Experience }) {
  const navigate = useNavigate();
  const [update, { isLoading: saving }] = useUpdateExperienceMutation();
  const stored = useMemo<Values>(
    () => ({ meeting_point_id: experience.meeting_point_id, cancellation_policy_id: experience.cancellation_policy_id }),
    [experience.meeting_point_id, experience.cancellation_policy_id],
  );
  const { control, handleSubmit, formState, reset } = useForm<Values>({ values: stored });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty, dirtyFields } = formState;

  const onSave = (next: EditorStep | null) =>
    handleSubmit(async (values) => {
      if (isDirty) {
        const changes: Partial<Values> = {};
        if (dirtyFields.meeting_point_id) changes.meeting_point_id = values.meeting_point_id;
        if (dirtyFields.cancellation_policy_id) changes.cancellation_policy_id = values.cancellation_policy_id;
        const result = await update({ id: experience.id, ...changes });
        if (result.error) return;
        notifySuccess(MESSAGES.experienceUpdated);
        reset(values);
      }
      if (next) navigate(editorPath(experience.id, next));
    })();

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Controller
          control={control}
          name="meeting_point_id"
          render={({ field }) => <MeetingPointSection value={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="cancellation_policy_id"
          render={({ field }) => <PolicySection value={field.value} onChange={field.onChange} />}
        />
      </SimpleGrid>
      <QuestionsSection experienceId={experience.id} />
      <AgendaSection experienceId={experience.id} />
      <InventorySection experience={experience} />
      <EditorFooter experienceId={experience.id} step="booking-info" form={{ dirty: isDirty, saving, onSave }} />
    </Stack>
  );
}
