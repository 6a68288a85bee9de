import { type BookingQuestion, QUESTION_SCOPES, QUESTION_TYPES } from '@excursio/contract/booking-info';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Input, Modal, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, IconButton } from '../../../../components/button.tsx';
import { useCreateBookingQuestionMutation, useUpdateBookingQuestionMutation } from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { ANSWER_TYPE_LABELS, MAX_OPTIONS, questionSchema, SCOPE_LABELS } from './form-schemas.ts';

type Values = z.infer<typeof questionSchema>;

/** `question` undefined: closed; null: create (added last); a question: edit. */
export const QuestionModal = ({
  experienceId,
  question,
  onClose,
}: {
  experienceId: string;
  question: BookingQuestion | null | undefined;
  onClose: () => void;
}) => (
  <Modal
    opened={question !== undefined}
    onClose={onClose}
    title={question ? 'Edit booking question' : 'New booking question'}
    size="lg"
  >
    {question !== undefined && (
      <QuestionForm key={question?.id ?? 'new'} experienceId={experienceId} question={question} onClose={onClose} />
    )}
  </Modal>
);

const QuestionForm = ({
  experienceId,
  question,
  onClose,
}: {
  experienceId: string;
  question: BookingQuestion | null;
  onClose: () => void;
}) => {
  const [create, { isLoading: creating }] = useCreateBookingQuestionMutation();
  const [update, { isLoading: updating }] = useUpdateBookingQuestionMutation();
  const { register, control, handleSubmit, formState, watch, trigger } = useForm<Values>({
    resolver: zodResolver(questionSchema),
    defaultValues: {
      question: question?.question ?? '',
      scope: question?.scope ?? 'booking',
      answer_type: question?.answer_type ?? 'text',
      options: (question?.options ?? []).map((value) => ({ value })),
      required: question?.required ?? false,
    },
  });
  const { isDirty, isSubmitted, errors } = formState;
  const options = useFieldArray({ control, name: 'options' });
  const isSelect = watch('answer_type') === 'select';

  const onSubmit = handleSubmit(async ({ options: rows, ...values }) => {
    if (question && !isDirty) {
      onClose();
      return;
    }
    // Options only mean something for a choice question; other types store none.
    const body = { ...values, options: values.answer_type === 'select' ? rows.map((row) => row.value.trim()) : [] };
    const result = question ? await update({ id: question.id, ...body }) : await create({ experience_id: experienceId, ...body });
    if (!result.error) {
      notifySuccess(question ? MESSAGES.updated : MESSAGES.created);
      onClose();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Textarea
          label="Question"
          placeholder="e.g. Do you have any food allergies?"
          required
          autosize
          minRows={2}
          {...register('question')}
          error={errors.question?.message}
          data-autofocus
        />
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <Input.Wrapper label="Asked" description="Once for the whole booking, or once for every participant.">
              <SegmentedControl
                mt={4}
                fullWidth
                aria-label="Asked"
                data={QUESTION_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))}
                value={field.value}
                onChange={field.onChange}
              />
            </Input.Wrapper>
          )}
        />
        <Controller
          control={control}
          name="answer_type"
          render={({ field }) => (
            <Select
              label="Answer type"
              data={QUESTION_TYPES.map((value) => ({ value, label: ANSWER_TYPE_LABELS[value] }))}
              value={field.value}
              onChange={(v) => {
                if (!v) return;
                field.onChange(v);
                // A choice needs two options: offer two empty rows to start with.
                if (v === 'select' && options.fields.length === 0) options.append([{ value: '' }, { value: '' }]);
              }}
              allowDeselect={false}
            />
          )}
        />
        {isSelect && (
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Options
            </Text>
            {options.fields.map((option, index) => (
              <Group key={option.id} gap="sm" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={`Option ${index + 1}`}
                  placeholder={`Option ${index + 1}`}
                  style={{ flex: 1 }}
                  {...register(`options.${index}.value`, {
                    // Duplicates compare rows: after a first submit, re-check them all, not only this one.
                    onChange: () => isSubmitted && trigger('options'),
                  })}
                  error={errors.options?.[index]?.value?.message}
                />
                <IconButton label={`Remove option ${index + 1}`} onClick={() => options.remove(index)}>
                  <IconTrash size={16} />
                </IconButton>
              </Group>
            ))}
            {(errors.options?.message ?? errors.options?.root?.message) && (
              <Text size="xs" c="red">
                {errors.options?.message ?? errors.options?.root?.message}
              </Text>
            )}
            <Group>
              <Button
                variant="standard"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={options.fields.length >= MAX_OPTIONS}
                onClick={() => options.append({ value: '' })}
              >
                Add option
              </Button>
            </Group>
          </Stack>
        )}
        <Controller
          control={control}
          name="required"
          render={({ field }) => (
            <Switch
              label="Answer required"
              description="Visitors cannot book without answering."
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {question ? 'Save changes' : 'Add question'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
