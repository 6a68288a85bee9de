import { MESSAGES } from '@excursio/contract/messages';
import { PRICING_CATEGORY_TYPE_LABELS, PRICING_CATEGORY_TYPES, type PricingCategory } from '@excursio/contract/pricing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/button.tsx';
import { useCreatePricingCategoryMutation } from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { fieldErrorItems } from './server-errors.ts';

export const PRICING_CATEGORY_TYPE_OPTIONS = PRICING_CATEGORY_TYPES.map((value) => ({
  value,
  label: PRICING_CATEGORY_TYPE_LABELS[value],
}));

const age = z.union([
  z.literal(''),
  z
    .number()
    .int({ error: 'Enter a whole number.' })
    .min(0, { error: 'Ensure this value is greater than or equal to 0.' })
    .max(120, { error: 'Ensure this value is less than or equal to 120.' }),
]);
const schema = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name.' }).max(200, { error: 'Use at most 200 characters.' }),
    type: z.enum(PRICING_CATEGORY_TYPES, { error: 'Choose a type.' }),
    min_age: age,
    max_age: age,
    description: z.string().trim().max(1000, { error: 'Use at most 1000 characters.' }),
  })
  .refine((v) => v.min_age === '' || v.max_age === '' || v.min_age <= v.max_age, {
    path: ['max_age'],
    error: 'The minimum age must not exceed the maximum age.',
  });
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'type', 'min_age', 'max_age', 'description'] as const;

/** "New pricing category" from inside the editor; `onCreated` gets the new category. */
export const PricingCategoryModal = ({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: (category: PricingCategory) => void;
}) => (
  <Modal opened={opened} onClose={onClose} title="New pricing category" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
    {opened ? <PricingCategoryForm onClose={onClose} onCreated={onCreated} /> : null}
  </Modal>
);

const PricingCategoryForm = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (category: PricingCategory) => void;
}) => {
  const [create, { isLoading }] = useCreatePricingCategoryMutation();
  const { register, handleSubmit, control, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', type: 'adult', min_age: '', max_age: '', description: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    const result = await create({
      name: values.name.trim(),
      type: values.type,
      min_age: values.min_age === '' ? null : values.min_age,
      max_age: values.max_age === '' ? null : values.max_age,
      description: values.description.trim(),
    });
    if (result.error) {
      for (const item of fieldErrorItems(result.error)) {
        const field = FIELDS.find((name) => name === item.attr);
        if (field) setError(field, { message: item.detail });
      }
      return;
    }
    notifySuccess(MESSAGES.created);
    onCreated?.(result.data);
    onClose();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Adult"
          withAsterisk
          {...register('name')}
          error={errors.name?.message}
          data-autofocus
        />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              label="Type"
              withAsterisk
              allowDeselect={false}
              data={PRICING_CATEGORY_TYPE_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'adult')}
              error={errors.type?.message}
            />
          )}
        />
        <SimpleGrid cols={2}>
          {(['min_age', 'max_age'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  label={name === 'min_age' ? 'Minimum age' : 'Maximum age'}
                  placeholder="Any"
                  min={0}
                  max={120}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.value}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
                  onBlur={field.onBlur}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} {...register('description')} error={errors.description?.message} />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Create category
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
