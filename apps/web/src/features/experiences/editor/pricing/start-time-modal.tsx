import '@mantine/dates/styles.css';
import { MESSAGES } from '@excursio/contract/messages';
import { type StartTime, WEEKDAY_LABELS, WEEKDAYS } from '@excursio/contract/schedule';
import { Chip, Group, Input, Button as MantineButton, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { IconCalendar, IconClock, IconPlus, IconX } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button, IconButton } from '../../../../components/button.tsx';
import { useCreateStartTimeMutation, useUpdateStartTimeMutation } from '../../../../lib/api/catalog.api.ts';
import { fieldErrorItems } from '../../../../lib/api/errors.ts';
import { DISPLAY_DATE_FORMAT } from '../../../../lib/format/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { ResponsiveModal } from './responsive-modal.tsx';
import {
  formPathOfStartTimeAttr,
  readScheduleForm,
  type ScheduleFormValues,
  scheduleFormDefaults,
  scheduleFormResolver,
} from './schedule-form.ts';
import { WEEKDAY_PRESETS } from './schedule-format.ts';

const FULL_DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** `line` undefined: closed; null: add start times; a line: edit it. */
export const StartTimeModal = ({
  line,
  experienceId,
  timeZone,
  today,
  existing,
  onClose,
}: {
  line: StartTime | null | undefined;
  experienceId: string;
  timeZone: string;
  today: string;
  existing: StartTime[];
  onClose: () => void;
}) => (
  <ResponsiveModal opened={line !== undefined} onClose={onClose} title={line ? 'Edit start time' : 'Add start times'} size="lg">
    {line !== undefined ? (
      <StartTimeForm
        key={line?.id ?? 'new'}
        line={line}
        experienceId={experienceId}
        timeZone={timeZone}
        today={today}
        existing={existing}
        onClose={onClose}
      />
    ) : null}
  </ResponsiveModal>
);

const StartTimeForm = ({
  line,
  experienceId,
  timeZone,
  today,
  existing,
  onClose,
}: {
  line: StartTime | null;
  experienceId: string;
  timeZone: string;
  today: string;
  existing: StartTime[];
  onClose: () => void;
}) => {
  const [createStartTime, { isLoading: creating }] = useCreateStartTimeMutation();
  const [updateStartTime, { isLoading: updating }] = useUpdateStartTimeMutation();
  const { handleSubmit, control, formState, setError, setValue } = useForm<ScheduleFormValues>({
    resolver: scheduleFormResolver(existing, line?.id ?? null),
    defaultValues: scheduleFormDefaults(line, today),
  });
  const { errors, isDirty } = formState;
  const times = useFieldArray({ control, name: 'times' });

  const showServerErrors = (error: Parameters<typeof fieldErrorItems>[0], timeIndex: number) => {
    for (const item of fieldErrorItems(error)) {
      const path = formPathOfStartTimeAttr(item.attr, timeIndex);
      if (/^(times\.\d+\.value|weekdays|date_from|date_to|capacity)$/.test(path)) {
        setError(path as Parameters<typeof setError>[0], { message: item.detail });
      }
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const { lines } = readScheduleForm(values, existing, line?.id ?? null);
    if (!lines) return;
    if (line) {
      if (!isDirty) {
        onClose();
        return;
      }
      const result = await updateStartTime({ id: line.id, ...lines[0] });
      if (result.error) showServerErrors(result.error, 0);
      else {
        notifySuccess(MESSAGES.updated);
        onClose();
      }
      return;
    }
    // One POST per time. Times that were saved leave the form, so a retry does not repeat them.
    const saved: number[] = [];
    const failures: { index: number; error: Parameters<typeof fieldErrorItems>[0] }[] = [];
    for (const [index, body] of lines.entries()) {
      const result = await createStartTime({ experience_id: experienceId, ...body });
      if (result.error) failures.push({ index, error: result.error });
      else saved.push(index);
    }
    if (saved.length > 0) notifySuccess(MESSAGES.created);
    if (failures.length === 0) {
      onClose();
      return;
    }
    times.remove(saved);
    // Indexes shift down by the number of saved times before each failure.
    for (const failure of failures) {
      showServerErrors(failure.error, failure.index - saved.filter((index) => index < failure.index).length);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Input.Wrapper
          label={line ? 'Time' : 'Times'}
          description={`Local times in ${timeZone}, 24-hour.${line ? '' : ' Each time becomes its own line of the schedule.'}`}
          withAsterisk
        >
          <Stack gap="xs" mt={6}>
            {times.fields.map((field, index) => (
              <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
                <Controller
                  control={control}
                  name={`times.${index}.value`}
                  render={({ field: time }) => (
                    <TimePicker
                      format="24h"
                      minutesStep={5}
                      leftSection={<IconClock size={16} />}
                      hoursInputLabel={`Hours of time ${index + 1}`}
                      minutesInputLabel={`Minutes of time ${index + 1}`}
                      style={{ flex: '1 1 auto', maxWidth: '18rem' }}
                      value={time.value}
                      onChange={time.onChange}
                      onBlur={time.onBlur}
                      hoursRef={time.ref}
                      error={errors.times?.[index]?.value?.message}
                      popoverProps={{ withinPortal: true }}
                    />
                  )}
                />
                {times.fields.length > 1 ? (
                  <IconButton label={`Remove time ${index + 1}`} onClick={() => times.remove(index)} mt={4}>
                    <IconX size={16} />
                  </IconButton>
                ) : null}
              </Group>
            ))}
            {line ? null : (
              <MantineButton
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => times.append({ value: '' })}
                style={{ alignSelf: 'flex-start' }}
              >
                Add another time
              </MantineButton>
            )}
          </Stack>
        </Input.Wrapper>

        <Controller
          control={control}
          name="weekdays"
          render={({ field }) => (
            <Input.Wrapper label="Weekdays" withAsterisk error={errors.weekdays?.message}>
              <Group gap={6} mt={6} mb={4}>
                {Object.entries(WEEKDAY_PRESETS).map(([label, days]) => (
                  <MantineButton
                    key={label}
                    variant="light"
                    color="gray"
                    size="compact-xs"
                    onClick={() =>
                      setValue('weekdays', days.map(String), { shouldDirty: true, shouldValidate: formState.isSubmitted })
                    }
                  >
                    {label}
                  </MantineButton>
                ))}
              </Group>
              <Chip.Group multiple value={field.value} onChange={field.onChange}>
                <Group gap={6} role="group" aria-label="Weekdays">
                  {WEEKDAYS.map((day) => (
                    <Chip key={day} value={String(day)} size="sm" variant="outline" aria-label={FULL_DAY_NAMES[day - 1]}>
                      {WEEKDAY_LABELS[day - 1]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
          )}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['date_from', 'date_to'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <DatePickerInput
                  label={name === 'date_from' ? 'From' : 'Until'}
                  placeholder={name === 'date_to' ? 'Ongoing' : 'Pick a date'}
                  withAsterisk={name === 'date_from'}
                  clearable={name === 'date_to'}
                  valueFormat={DISPLAY_DATE_FORMAT}
                  leftSection={<IconCalendar size={16} />}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          Leave “Until” empty for a schedule that goes on.
        </Text>

        <Controller
          control={control}
          name="capacity"
          render={({ field }) => (
            <NumberInput
              label="Capacity"
              description="Places available at each start."
              withAsterisk
              min={1}
              allowDecimal={false}
              allowNegative={false}
              style={{ maxWidth: '12rem' }}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={errors.capacity?.message}
            />
          )}
        />

        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {line ? 'Save start time' : times.fields.length > 1 ? `Add ${times.fields.length} start times` : 'Add start time'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
