import type { BookingQuestion } from '@excursio/contract/booking-info';
import { MESSAGES } from '@excursio/contract/messages';
import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/button.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import {
  useDeleteBookingQuestionMutation,
  useListBookingQuestionsQuery,
  useUpdateBookingQuestionMutation,
} from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { ANSWER_TYPE_LABELS, SCOPE_LABELS } from './form-schemas.ts';
import { OrderedList } from './ordered-list.tsx';
import { byPosition } from './positions.ts';
import { QuestionModal } from './question-modal.tsx';
import { SectionCard } from './section-card.tsx';

/** The offer's own questions, asked at checkout in this order. */
export const QuestionsSection = ({ experienceId }: { experienceId: string }) => {
  const { data, isLoading } = useListBookingQuestionsQuery({ experience: experienceId, page_size: 100 });
  const [update] = useUpdateBookingQuestionMutation();
  const [remove, { isLoading: deleting }] = useDeleteBookingQuestionMutation();
  const [editing, setEditing] = useState<BookingQuestion | null | undefined>(undefined);
  const [deletingQuestion, setDeletingQuestion] = useState<BookingQuestion | null>(null);
  const questions = useMemo(() => byPosition(data?.results ?? []), [data]);

  const confirmDelete = async () => {
    if (!deletingQuestion) return;
    const result = await remove(deletingQuestion.id);
    if (!result.error) {
      notifySuccess(MESSAGES.deleted);
      setDeletingQuestion(null);
    }
  };

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
          onDelete={setDeletingQuestion}
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
        opened={deletingQuestion !== null}
        title="Delete booking question"
        message={`Delete "${deletingQuestion?.question ?? ''}"? Visitors will no longer be asked it.`}
        confirmLabel="Delete"
        loading={deleting}
        onConfirm={confirmDelete}
        onClose={() => setDeletingQuestion(null)}
      />
    </SectionCard>
  );
};
