import type { MeetingPoint } from '@excursio/contract/booking-info';
import { latitude, longitude, shortText, title } from '@excursio/contract/catalog-common';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Group, Modal, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/button.tsx';
import {
  useCreateMeetingPointMutation,
  useLocationAutocompleteQuery,
  useUpdateMeetingPointMutation,
} from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';

const schema = z.object({
  name: title,
  address: shortText(300),
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
  instructions: shortText(2000),
});
type Values = z.infer<typeof schema>;

/** `point` undefined: closed; null: create; a meeting point: edit. `onSaved` gets the stored point. */
export const MeetingPointModal = ({
  point,
  onClose,
  onSaved,
}: {
  point: MeetingPoint | null | undefined;
  onClose: () => void;
  onSaved: (point: MeetingPoint) => void;
}) => (
  <Modal opened={point !== undefined} onClose={onClose} title={point ? `Edit ${point.name}` : 'New meeting point'} size="lg">
    {point !== undefined && <MeetingPointForm key={point?.id ?? 'new'} point={point} onClose={onClose} onSaved={onSaved} />}
  </Modal>
);

const MeetingPointForm = ({
  point,
  onClose,
  onSaved,
}: {
  point: MeetingPoint | null;
  onClose: () => void;
  onSaved: (point: MeetingPoint) => void;
}) => {
  const [create, { isLoading: creating }] = useCreateMeetingPointMutation();
  const [update, { isLoading: updating }] = useUpdateMeetingPointMutation();
  const { register, control, handleSubmit, formState, watch, setValue } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: point?.name ?? '',
      address: point?.address ?? '',
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      instructions: point?.instructions ?? '',
    },
  });
  const { isDirty, errors } = formState;
  const [query] = useDebouncedValue(watch('address').trim(), 300);
  const { data: places } = useLocationAutocompleteQuery(query, { skip: query.length < 2 });
  const options = [...new Set((places?.results ?? []).map((place) => place.label))];

  const pickPlace = (label: string) => {
    const place = places?.results.find((p) => p.label === label);
    if (!place) return;
    setValue('latitude', place.latitude, { shouldDirty: true });
    setValue('longitude', place.longitude, { shouldDirty: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (point && !isDirty) {
      onClose();
      return;
    }
    const result = point ? await update({ id: point.id, ...values }) : await create(values);
    if (result.data) {
      notifySuccess(point ? MESSAGES.updated : MESSAGES.created);
      onSaved(result.data);
      onClose();
    }
  });

  const coordinate = (name: 'latitude' | 'longitude', label: string, limit: number) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
          onBlur={field.onBlur}
          min={-limit}
          max={limit}
          decimalScale={6}
          hideControls
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Main entrance of the old town hall"
          required
          {...register('name')}
          error={errors.name?.message}
          data-autofocus
        />
        <Controller
          control={control}
          name="address"
          render={({ field }) => (
            <Autocomplete
              label="Address"
              description="Search a place to fill in the coordinates, then complete the street address."
              leftSection={<IconSearch size={16} />}
              data={options}
              filter={({ options: all }) => all}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onOptionSubmit={pickPlace}
              error={errors.address?.message}
            />
          )}
        />
        <SimpleGrid cols={2} spacing="md">
          {coordinate('latitude', 'Latitude', 90)}
          {coordinate('longitude', 'Longitude', 180)}
        </SimpleGrid>
        <Textarea
          label="Instructions"
          description="How visitors find you: landmarks, what to look for, when to arrive."
          autosize
          minRows={3}
          {...register('instructions')}
          error={errors.instructions?.message}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {point ? 'Save changes' : 'Create meeting point'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
