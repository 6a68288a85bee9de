import { ACTIVATION_STATUS_LABELS, ACTIVATION_STATUSES, type Experience } from '@excursio/contract/experiences';
import { Group, Input, NumberInput, SegmentedControl, type SegmentedControlProps, Select, Switch, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { capitalise } from '../../../../lib/format/format.ts';
import { CUTOFF_UNITS, effectivePublishProblems } from '../editor-rules.ts';
import { FormSection } from '../form-section.tsx';
import { PublishChecklist } from '../publish-checklist.tsx';
import { StepForm, useStepForm } from '../step-form.tsx';
import { settingsSchema, settingsValues } from '../step-schemas.ts';

const UNIT_OPTIONS = CUTOFF_UNITS.map((unit) => ({ value: unit, label: capitalise(unit) }));
const CONFIRMATION_OPTIONS = [
  { value: 'instant', label: 'Instant' },
  { value: 'on_request', label: 'On request' },
];
const VISIBILITY_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];

/** A SegmentedControl under a label (which also names it), with an optional description and error. */
const SegmentedField = ({
  label,
  description,
  error,
  ...control
}: SegmentedControlProps & { label: string; description?: ReactNode; error?: ReactNode }) => (
  <Input.Wrapper label={label} description={description} error={error}>
    <SegmentedControl mt={6} display="flex" maw={360} aria-label={label} {...control} />
  </Input.Wrapper>
);

export function SettingsStep({ experience }: { experience: Experience }) {
  const values = useMemo(() => settingsValues(experience), [experience]);
  const { form, footer, guardDialog } = useStepForm({ experience, schema: settingsSchema, values });
  const { control, watch, formState } = form;
  const { errors } = formState;
  const isTicket = experience.type === 'ticket';
  const [confirmation, visibility, openDated, status] = watch(['confirmation_mode', 'visibility', 'is_open_dated', 'status']);
  const problems = effectivePublishProblems(experience, openDated);
  // An offer that is Active already stays selectable; going Active needs a sellable offer.
  const activeBlocked = problems.length > 0 && experience.status !== 'active';
  const statusOptions = ACTIVATION_STATUSES.map((value) => ({
    value,
    label: ACTIVATION_STATUS_LABELS[value],
    disabled: value === 'active' && activeBlocked,
  }));

  return (
    <StepForm experienceId={experience.id} step="settings" footer={footer} guardDialog={guardDialog}>
      <FormSection title="Booking" description="How and until when visitors can book.">
        <Input.Wrapper
          label="Booking cut-off"
          description="How long before a start bookings close. 0 lets visitors book until the start."
          error={errors.cutoff_value?.message}
        >
          <Group gap="sm" mt={6} wrap="nowrap" maw={360}>
            <Controller
              control={control}
              name="cutoff_value"
              render={({ field }) => (
                <NumberInput
                  aria-label="Booking cut-off"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.value}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : '')}
                  onBlur={field.onBlur}
                  error={Boolean(errors.cutoff_value)}
                  style={{ flex: 1 }}
                />
              )}
            />
            <Controller
              control={control}
              name="cutoff_unit"
              render={({ field }) => (
                <Select
                  aria-label="Cut-off unit"
                  data={UNIT_OPTIONS}
                  value={field.value}
                  onChange={(next) => next && field.onChange(next)}
                  allowDeselect={false}
                  w={130}
                />
              )}
            />
          </Group>
        </Input.Wrapper>
        <Controller
          control={control}
          name="confirmation_mode"
          render={({ field }) => (
            <SegmentedField
              label="Confirmation"
              description={
                confirmation === 'instant'
                  ? 'Bookings are confirmed at once.'
                  : 'You confirm each booking yourself before it is final.'
              }
              data={CONFIRMATION_OPTIONS}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="visibility"
          render={({ field }) => (
            <SegmentedField
              label="Visibility"
              description={
                visibility === 'public'
                  ? 'Listed in your stores and the webstore.'
                  : 'Hidden from listings; bookable only through a direct link or by your team.'
              }
              data={VISIBILITY_OPTIONS}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {isTicket ? (
          <Controller
            control={control}
            name="is_open_dated"
            render={({ field }) => (
              <Switch
                label="Open-dated"
                description="The ticket is valid on any day: visitors book no date or start time."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        ) : null}
      </FormSection>

      <FormSection title="Capacity" description="How places are counted when people book.">
        {isTicket && openDated ? (
          <Controller
            control={control}
            name="daily_capacity"
            render={({ field }) => (
              <NumberInput
                label="Places per day"
                description="How many passes can be used on one day. Leave empty for no daily limit."
                placeholder="No limit"
                min={1}
                allowDecimal={false}
                allowNegative={false}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : '')}
                onBlur={field.onBlur}
                error={errors.daily_capacity?.message}
                maw={360}
              />
            )}
          />
        ) : null}
        <Controller
          control={control}
          name="group_takes_one_place"
          render={({ field }) => (
            <Switch
              label="A group takes one place"
              description="For rates priced per group: a booked group counts as one place of a slot's capacity, not one per person."
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      </FormSection>

      <FormSection title="Status" description="Only Active offers can be booked.">
        <PublishChecklist experienceId={experience.id} problems={problems} stored={experience.status} chosen={status} />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <SegmentedField
              label="Status"
              error={errors.status?.message}
              data={statusOptions}
              value={field.value}
              onChange={field.onChange}
              // The status colours (ui.md), with text dark or light as the colour needs for AA contrast.
              color={status === 'active' ? 'green.4' : status === 'inactive' ? 'orange.4' : 'gray.7'}
              autoContrast
            />
          )}
        />
        {activeBlocked ? (
          <Text size="xs" c="dimmed">
            Active is available once everything above is done.
          </Text>
        ) : null}
      </FormSection>
    </StepForm>
  );
}
