import { ACTIVATION_STATUS_LABELS, ACTIVATION_STATUSES } from '@excursio/contract/experiences';
import type { Store } from '@excursio/contract/stores';
import { Input, SegmentedControl, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { currencyOptions, OWNERSHIP_HELP, OWNERSHIP_OPTIONS } from '../components/store-options.ts';
import { FormCard } from './form-card.tsx';
import { LanguagesField } from './languages-field.tsx';
import type { SettingsOutput, SettingsValues } from './settings-form.ts';

export type SettingsForm = UseFormReturn<SettingsValues, unknown, SettingsOutput>;

const STATUS_OPTIONS = ACTIVATION_STATUSES.map((value) => ({ value, label: ACTIVATION_STATUS_LABELS[value] }));

/** Name, address, status, kind, currency and languages. */
export const GeneralSection = ({ form, store }: { form: SettingsForm; store: Store }) => {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <FormCard title="General">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" {...register('name')} error={errors.name?.message} />
        <TextInput
          label="Slug"
          description={`The address: ${store.url.replace(/[^/]+\/$/, '')}{slug}/`}
          {...register('slug')}
          error={errors.slug?.message}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="status"
        render={({ field, fieldState }) => (
          <Input.Wrapper label="Status" description="Visitors can open only an Active store." error={fieldState.error?.message}>
            <SegmentedControl mt={6} aria-label="Status" data={STATUS_OPTIONS} value={field.value} onChange={field.onChange} />
          </Input.Wrapper>
        )}
      />
      <Controller
        control={control}
        name="ownership"
        render={({ field, fieldState }) => (
          <Input.Wrapper label="Ownership" description={OWNERSHIP_HELP} error={fieldState.error?.message}>
            <SegmentedControl
              mt={6}
              aria-label="Ownership"
              data={OWNERSHIP_OPTIONS}
              value={field.value}
              onChange={field.onChange}
            />
          </Input.Wrapper>
        )}
      />
      <Controller
        control={control}
        name="is_default"
        render={({ field }) => (
          <Switch
            label="Default store"
            description="The default store also answers at the organization’s /s/ address; only one store can be the default."
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="currency"
          render={({ field, fieldState }) => (
            <Select
              label="Currency"
              description="Only offers priced in this currency can be added."
              data={currencyOptions(field.value)}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="languages"
        render={({ field, fieldState }) => (
          <LanguagesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </FormCard>
  );
};
