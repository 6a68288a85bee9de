import { EXPERIENCE_TYPE_LABELS, EXPERIENCE_TYPES, type Experience } from '@excursio/contract/experiences';
import type { Place } from '@excursio/contract/location';
import {
  Group,
  Input,
  MultiSelect,
  NumberInput,
  type NumberInputProps,
  SegmentedControl,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { CountrySelect } from '../../../../components/country-select.tsx';
import { useGetExperienceOptionsQuery } from '../../../../lib/api/catalog.api.ts';
import { FormSection } from '../form-section.tsx';
import { LocationSearch } from '../location-search.tsx';
import { StepForm, useStepForm } from '../step-form.tsx';
import { basicInfoSchema, basicInfoValues } from '../step-schemas.ts';

const TYPE_OPTIONS = EXPERIENCE_TYPES.map((value) => ({ value, label: EXPERIENCE_TYPE_LABELS[value] }));

/** Keeps a stored value selectable even when the options do not list it (yet). */
const withCurrent = (options: { value: string; label: string }[], current: string) =>
  current === '' || options.some((o) => o.value === current) ? options : [{ value: current, label: current }, ...options];

export function BasicInfoStep({ experience }: { experience: Experience }) {
  const values = useMemo(() => basicInfoValues(experience), [experience]);
  const { form, footer, guardDialog } = useStepForm({ experience, schema: basicInfoSchema, values });
  const { register, control, setValue, watch, formState } = form;
  const { errors } = formState;
  const { data: options, isLoading: optionsLoading } = useGetExperienceOptionsQuery();

  const category = watch('category');
  const [latitude, longitude] = watch(['latitude', 'longitude']);
  const categories = useMemo(() => (options?.categories ?? []).map(({ value, label }) => ({ value, label })), [options]);
  const subcategories = useMemo(
    () => options?.categories.find((c) => c.value === category)?.subcategories ?? [],
    [options, category],
  );
  const timeZones = useMemo(() => options?.time_zones ?? [], [options]);
  const currencies = useMemo(() => options?.currencies ?? [], [options]);

  /** A whole-number input; emptied, it holds '' (the schema decides whether that is allowed). */
  const wholeNumber = (
    name: 'duration_hours' | 'duration_mins' | 'min_group_size' | 'max_group_size',
    props: Partial<Pick<NumberInputProps, 'label' | 'placeholder' | 'withAsterisk' | 'min' | 'max'>>,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...props}
          allowDecimal={false}
          allowNegative={false}
          value={field.value}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : '')}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );

  const pickPlace = (place: Place) => {
    const dirty = { shouldDirty: true, shouldValidate: true } as const;
    setValue('address', place.label, dirty);
    setValue('city', place.name, dirty);
    setValue('country_code', place.country_code.toUpperCase(), dirty);
    setValue('latitude', place.latitude, dirty);
    setValue('longitude', place.longitude, dirty);
    if (place.time_zone) setValue('time_zone', place.time_zone, dirty);
  };

  return (
    <StepForm experienceId={experience.id} step="basic-info" footer={footer} guardDialog={guardDialog}>
      <FormSection title="The offer" description="What visitors see first.">
        <TextInput label="Title" withAsterisk {...register('title')} error={errors.title?.message} />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Input.Wrapper label="Type" error={errors.type?.message}>
              <SegmentedControl
                mt={6}
                fullWidth
                aria-label="Type"
                value={field.value}
                onChange={field.onChange}
                data={TYPE_OPTIONS}
              />
            </Input.Wrapper>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Select
                label="Category"
                placeholder={optionsLoading ? 'Loading…' : 'Choose a category'}
                data={withCurrent(categories, field.value)}
                value={field.value || null}
                clearable
                onChange={(next) => {
                  field.onChange(next ?? '');
                  const keep = options?.categories.find((c) => c.value === next)?.subcategories;
                  if (!keep?.some((s) => s.value === form.getValues('subcategory'))) {
                    setValue('subcategory', '', { shouldDirty: true });
                  }
                }}
                error={errors.category?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="subcategory"
            render={({ field }) => (
              <Select
                label="Subcategory"
                placeholder={category ? 'Choose a subcategory' : 'Choose a category first'}
                disabled={!category}
                data={withCurrent(subcategories, field.value)}
                value={field.value || null}
                clearable
                onChange={(next) => field.onChange(next ?? '')}
                error={errors.subcategory?.message}
              />
            )}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Location" description="Where the offer takes place or starts.">
        <LocationSearch onPick={pickPlace} />
        <TextInput label="Address" {...register('address')} error={errors.address?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" {...register('city')} error={errors.city?.message} />
          <Controller
            control={control}
            name="country_code"
            render={({ field }) => (
              <CountrySelect
                label="Country"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.country_code?.message}
              />
            )}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="coordinates">
          {latitude !== null && longitude !== null
            ? `Coordinates: ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`
            : 'No coordinates yet: pick a place above to set them.'}
        </Text>
      </FormSection>

      <FormSection title="Duration and group size">
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false}>
          {wholeNumber('duration_hours', { label: 'Duration: hours', min: 0, max: 999 })}
          {wholeNumber('duration_mins', { label: 'Minutes', min: 0, max: 59 })}
        </Group>
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false}>
          {wholeNumber('min_group_size', { label: 'Minimum group size', withAsterisk: true, min: 1 })}
          {wholeNumber('max_group_size', { label: 'Maximum group size', placeholder: 'No limit', min: 1 })}
        </Group>
      </FormSection>

      <FormSection title="Languages and region">
        <Controller
          control={control}
          name="languages"
          render={({ field }) => (
            <MultiSelect
              label="Languages"
              description="Languages the offer is guided or run in."
              placeholder={field.value.length === 0 ? 'Choose languages' : undefined}
              data={options?.languages ?? []}
              value={field.value}
              onChange={field.onChange}
              searchable
              clearable
              hidePickedOptions
              error={errors.languages?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="time_zone"
            render={({ field }) => (
              <Select
                label="Time zone"
                description="Start times are in this zone."
                data={timeZones.includes(field.value) ? timeZones : [field.value, ...timeZones]}
                value={field.value}
                onChange={(next) => next && field.onChange(next)}
                searchable
                allowDeselect={false}
                limit={50}
                error={errors.time_zone?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select
                label="Currency"
                description="Prices of this offer are in this currency."
                data={currencies.includes(field.value) ? currencies : [field.value, ...currencies]}
                value={field.value}
                onChange={(next) => next && field.onChange(next)}
                searchable
                allowDeselect={false}
                error={errors.currency?.message}
              />
            )}
          />
        </SimpleGrid>
      </FormSection>
    </StepForm>
  );
}
