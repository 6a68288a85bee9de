import type { BookingQuestion } from '@excursio/contract/booking-info';
import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../../components/confirm-dialog.tsx';
import {
  useDeleteBookingQuestionMutation,
  useListBookingQuestionsQuery,
  useUpdateBookingQuestionMutation,
} from '../../../../lib/api/catalog.api.ts';
import { ANSWER_TYPE_LABELS, SCOPE_LABELS } from './form-schemas.ts';
import { OrderedList } from './ordered-list.tsx';
import { byPosition } from './positions.ts';
import { QuestionModal } from './question-modal.tsx';
import { SectionCard } from './section-card.tsx';

/** The offer's own questions, asked at checkout in this order. */
export const QuestionsSection = ({ experienceId }: { experienceId: string }) => {
  const { data, isLoading } = useListBookingQuestionsQuery({ experience: experienceId, page_size: 100 });
  const [update] = useUpdateBookingQuestionMutation();
  const [remove] = useDeleteBookingQuestionMutation();
  const [editing, setEditing] = useState<BookingQuestion | null | undefined>(undefined);
  const deletion = useConfirmDelete<BookingQuestion>(remove);
  const deletingQuestion = deletion.target;
  const questions = useMemo(() => byPosition(data?.results ?? []), [data]);

  return (
    <SectionCard
      title="Booking questions"
      description="What you need to know from visitors when they book, asked in this order."
      action={
        <Button variant="secondary" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Add question
        </Button>
      }
    >
      {isLoading ? (
        <Skeleton h={60} />
      ) : (
        <OrderedList
          items={questions}
          label={(q) => q.question}
          savePosition={(patch) => update(patch)}
          onEdit={setEditing}
          onDelete={deletion.ask}
          empty="No booking questions yet. Visitors only give their contact details."
          render={(q) => (
            <>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {q.question}
              </Text>
              <Group gap={6} mt={4}>
                <Badge size="sm" variant="light" color="gray">
                  {ANSWER_TYPE_LABELS[q.answer_type]}
                </Badge>
                <Badge size="sm" variant="light" color="brand">
                  {SCOPE_LABELS[q.scope]}
                </Badge>
                {q.required && (
                  <Badge size="sm" variant="light" color="orange">
                    Required
                  </Badge>
                )}
              </Group>
              {q.answer_type === 'select' && q.options.length > 0 && (
                <Text size="xs" c="dimmed" mt={4}>
                  {q.options.join(' · ')}
                </Text>
              )}
            </>
          )}
        />
      )}
      <QuestionModal experienceId={experienceId} question={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete booking question"
        message={`Delete "${deletingQuestion?.question ?? ''}"? Visitors will no longer be asked it.`}
        confirmLabel="Delete"
      />
    </SectionCard>
  );
};
