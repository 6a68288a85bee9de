import type { AgendaItem } from '@excursio/contract/booking-info';
import { shortText, title } from '@excursio/contract/catalog-common';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/button.tsx';
import { useCreateAgendaItemMutation, useUpdateAgendaItemMutation } from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';

const schema = z.object({
  title,
  description: shortText(2000),
  duration_minutes: z
    .number()
    .int({ error: 'Use whole minutes.' })
    .min(1, { error: 'Ensure this value is greater than or equal to 1.' })
    .max(100_000)
    .nullable(),
});
type Values = z.infer<typeof schema>;

/** `item` undefined: closed; null: create (added last); an item: edit. */
export const AgendaModal = ({
  experienceId,
  item,
  onClose,
}: {
  experienceId: string;
  item: AgendaItem | null | undefined;
  onClose: () => void;
}) => (
  <Modal opened={item !== undefined} onClose={onClose} title={item ? 'Edit agenda item' : 'New agenda item'} size="lg">
    {item !== undefined && <AgendaForm key={item?.id ?? 'new'} experienceId={experienceId} item={item} onClose={onClose} />}
  </Modal>
);

const AgendaForm = ({ experienceId, item, onClose }: { experienceId: string; item: AgendaItem | null; onClose: () => void }) => {
  const [create, { isLoading: creating }] = useCreateAgendaItemMutation();
  const [update, { isLoading: updating }] = useUpdateAgendaItemMutation();
  const { register, control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: item?.title ?? '',
      description: item?.description ?? '',
      duration_minutes: item?.duration_minutes ?? null,
    },
  });
  const { isDirty, errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    if (item && !isDirty) {
      onClose();
      return;
    }
    const result = item ? await update({ id: item.id, ...values }) : await create({ experience_id: experienceId, ...values });
    if (!result.error) {
      notifySuccess(item ? MESSAGES.updated : MESSAGES.created);
      onClose();
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          placeholder="e.g. Walk through the old town"
          required
          {...register('title')}
          error={errors.title?.message}
          data-autofocus
        />
        <Textarea label="Description" autosize minRows={3} {...register('description')} error={errors.description?.message} />
        <Controller
          control={control}
          name="duration_minutes"
          render={({ field }) => (
            <NumberInput
              label="Duration"
              description="Optional, in minutes."
              suffix=" min"
              value={field.value ?? ''}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
              onBlur={field.onBlur}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              maw={200}
              error={errors.duration_minutes?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {item ? 'Save changes' : 'Add item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
