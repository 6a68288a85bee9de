import { MESSAGES } from '@excursio/contract/messages';
import type { PricingCategory } from '@excursio/contract/pricing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useCreatePricingCategoryMutation, useUpdatePricingCategoryMutation } from '../../lib/api/catalog.api.ts';
import { fieldErrorItems } from '../../lib/api/errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { Button } from '../button.tsx';
import {
  PRICING_CATEGORY_FIELDS,
  PRICING_CATEGORY_TYPE_OPTIONS,
  type PricingCategoryValues,
  pricingCategoryDefaults,
  pricingCategorySchema,
  pricingCategoryToBody,
} from './pricing-category-form.ts';

/**
 * Creates or edits an account's pricing category (the pricing categories list, and the offer
 * editor's pricing step, also from inside the rate modal). `category` undefined: closed; null:
 * create; a category: edit.
 */
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
    closeButtonProps={{ 'aria-label': 'Close' }}
  >
    {category !== undefined ? <PricingCategoryForm key={category?.id ?? 'new'} category={category} onClose={onClose} /> : null}
  </Modal>
);

const PricingCategoryForm = ({ category, onClose }: { category: PricingCategory | null; onClose: () => void }) => {
  const [create, { isLoading: creating }] = useCreatePricingCategoryMutation();
  const [update, { isLoading: updating }] = useUpdatePricingCategoryMutation();
  const { register, handleSubmit, control, formState, setError } = useForm<PricingCategoryValues>({
    resolver: zodResolver(pricingCategorySchema),
    defaultValues: pricingCategoryDefaults(category),
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty, errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    if (category && !isDirty) {
      onClose();
      return;
    }
    const body = pricingCategoryToBody(values);
    const result = category ? await update({ id: category.id, ...body }) : await create(body);
    if (result.error) {
      // The base query has toasted the refusal; a field it names shows the detail too.
      for (const item of fieldErrorItems(result.error)) {
        const field = PRICING_CATEGORY_FIELDS.find((name) => name === item.attr);
        if (field) setError(field, { message: item.detail });
      }
      return;
    }
    notifySuccess(category ? MESSAGES.updated : MESSAGES.created);
    onClose();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
