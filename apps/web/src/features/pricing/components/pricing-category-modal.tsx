import { MESSAGES } from '@excursio/contract/messages';
import {
  PRICING_CATEGORY_TYPE_LABELS,
  PRICING_CATEGORY_TYPES,
  type PricingCategory,
  type PricingCategoryType,
} from '@excursio/contract/pricing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { useCreatePricingCategoryMutation, useUpdatePricingCategoryMutation } from '../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../lib/notify.ts';

export const PRICING_CATEGORY_TYPE_OPTIONS = PRICING_CATEGORY_TYPES.map((value) => ({
  value,
  label: PRICING_CATEGORY_TYPE_LABELS[value],
}));

/** An age input: empty ('') means no bound. */
const ageField = z.union([
  z.literal(''),
  z
    .number({ error: 'Enter an age in years.' })
    .int({ error: 'Enter whole years.' })
    .min(0, { error: 'An age cannot be negative.' })
    .max(120, { error: 'Enter an age up to 120.' }),
]);

const schema = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name.' }).max(200),
    type: z.enum(PRICING_CATEGORY_TYPES, { error: 'Choose a type.' }),
    min_age: ageField,
    max_age: ageField,
    description: z.string().trim().max(1000),
  })
  .refine((v) => typeof v.min_age !== 'number' || typeof v.max_age !== 'number' || v.min_age <= v.max_age, {
    path: ['max_age'],
    error: 'The maximum age must not be below the minimum age.',
    // Shown together with the other fields' errors, not only once they are fixed.
    when: () => true,
  });
type Values = z.infer<typeof schema>;

const toBody = (values: Values) => ({
  name: values.name,
  type: values.type,
  min_age: values.min_age === '' ? null : values.min_age,
  max_age: values.max_age === '' ? null : values.max_age,
  description: values.description,
});

/** `category` undefined: closed; null: create; a category: edit. */
export const PricingCategoryModal = ({
  category,
  onClose,
}: {
  category: PricingCategory | null | undefined;
  onClose: () => void;
}) => (
  <Modal
    opened={category !== undefined}
    onClose={onClose}
    title={category ? `Edit ${category.name}` : 'New pricing category'}
    size="lg"
  >
    {category !== undefined ? <PricingCategoryForm key={category?.id ?? 'new'} category={category} onClose={onClose} /> : null}
  </Modal>
);

const PricingCategoryForm = ({ category, onClose }: { category: PricingCategory | null; onClose: () => void }) => {
  const [create, { isLoading: creating }] = useCreatePricingCategoryMutation();
  const [update, { isLoading: updating }] = useUpdatePricingCategoryMutation();
  const { register, handleSubmit, control, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: category?.name ?? '',
      type: category?.type ?? ('' as PricingCategoryType),
      min_age: category?.min_age ?? '',
      max_age: category?.max_age ?? '',
      description: category?.description ?? '',
    },
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty, errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    if (category && !isDirty) {
      onClose();
      return;
    }
    const result = category ? await update({ id: category.id, ...toBody(values) }) : await create(toBody(values));
    if (!result.error) {
      notifySuccess(category ? MESSAGES.updated : MESSAGES.created);
      onClose();
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} data-autofocus />
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <Select
                label="Type"
                withAsterisk
                placeholder="Choose a type"
                data={PRICING_CATEGORY_TYPE_OPTIONS}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          {(['min_age', 'max_age'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <NumberInput
                  label={name === 'min_age' ? 'Minimum age' : 'Maximum age'}
                  description="Years; leave empty for no limit"
                  min={0}
                  clampBehavior="none"
                  max={120}
                  allowDecimal={false}
                  value={field.value}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
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
          <Button type="submit" loading={creating || updating}>
            {category ? 'Save changes' : 'Create category'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
