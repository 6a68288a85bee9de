import type { InventoryItem } from '@excursio/contract/inventory';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import {
  useCreateInventoryItemMutation,
  useListInventoryCategoriesQuery,
  useUpdateInventoryItemMutation,
} from '../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  currencyOptions,
  INVENTORY_TYPE_OPTIONS,
  type ItemFormValues,
  itemFormDefaults,
  itemFormSchema,
  itemFormToBody,
} from './item-form.ts';
import { TagPicker } from './tag-picker.tsx';

/** `item` undefined: closed; null: create; an item: edit. */
export const ItemFormModal = ({ item, onClose }: { item: InventoryItem | null | undefined; onClose: () => void }) => (
  <Modal opened={item !== undefined} onClose={onClose} title={item ? `Edit ${item.name}` : 'New item'} size="lg">
    {item !== undefined ? <ItemForm key={item?.id ?? 'new'} item={item} onClose={onClose} /> : null}
  </Modal>
);

const ItemForm = ({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) => {
  const [create, { isLoading: creating }] = useCreateInventoryItemMutation();
  const [update, { isLoading: updating }] = useUpdateInventoryItemMutation();
  const { data: categories } = useListInventoryCategoriesQuery({ page: 1, page_size: 100, ordering: 'name' });
  const categoryOptions = useMemo(() => {
    const options = (categories?.results ?? []).map((c) => ({ value: c.id, label: c.name }));
    const own = item?.category;
    return own && !options.some((o) => o.value === own.id) ? [{ value: own.id, label: own.name }, ...options] : options;
  }, [categories, item]);
  const initialTags = useMemo(() => item?.tags ?? [], [item]);

  const { register, handleSubmit, control, formState } = useForm<ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: itemFormDefaults(item),
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty, errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    if (item && !isDirty) {
      onClose();
      return;
    }
    const body = itemFormToBody(values);
    const result = item ? await update({ id: item.id, ...body }) : await create(body);
    if (!result.error) {
      notifySuccess(item ? MESSAGES.updated : MESSAGES.created);
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
                data={INVENTORY_TYPE_OPTIONS}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} {...register('description')} error={errors.description?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="SKU" description="Your own stock-keeping code" {...register('sku')} error={errors.sku?.message} />
          <Controller
            control={control}
            name="stock_quantity"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Stock quantity"
                description="How many you have"
                min={0}
                clampBehavior="none"
                max={100_000}
                allowDecimal={false}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="price"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Price"
                withAsterisk
                min={0}
                clampBehavior="none"
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="currency"
            render={({ field, fieldState }) => (
              <Select
                label="Currency"
                data={currencyOptions(field.value)}
                value={field.value}
                onChange={(v) => field.onChange(v ?? field.value)}
                allowDeselect={false}
                searchable
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="category_id"
          render={({ field }) => (
            <Select
              label="Category"
              placeholder={categoryOptions.length ? 'No category' : 'No categories yet'}
              data={categoryOptions}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              clearable
              searchable
              nothingFoundMessage="No category by that name"
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Controller
          control={control}
          name="tag_ids"
          render={({ field, fieldState }) => (
            <TagPicker
              value={field.value}
              onChange={field.onChange}
              initialTags={initialTags}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => (
            <Switch label="Active" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {item ? 'Save changes' : 'Create item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
