import '@mantine/dates/styles.css';
import { MESSAGES } from '@excursio/contract/messages';
import {
  PRICING_CATEGORY_TYPE_LABELS,
  PRICING_MODE_LABELS,
  PRICING_MODES,
  type PricingCategory,
  type PricingRate,
} from '@excursio/contract/pricing';
import { Anchor, Grid, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, get, type UseFormSetValue, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../../components/button.tsx';
import { PricingCategoryModal } from '../../../../components/pricing-category-modal/pricing-category-modal.tsx';
import { useCreatePricingRateMutation, useUpdatePricingRateMutation } from '../../../../lib/api/catalog.api.ts';
import { fieldErrorItems } from '../../../../lib/api/errors.ts';
import { currencySymbol, DISPLAY_DATE_FORMAT, formatMinor, parseMoney } from '../../../../lib/format/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { BREAKPOINTS } from '../../../../lib/theme.ts';
import { formPathOfRateAttr, type RateFormValues, rateFormDefaults, rateFormResolver, readRateForm } from './rate-form.ts';
import { ResponsiveModal } from './responsive-modal.tsx';

const MODE_OPTIONS = PRICING_MODES.map((value) => ({ value, label: PRICING_MODE_LABELS[value] }));

/** `rate` undefined: closed; null: new rate; a rate: edit it. */
export const RateModal = ({
  rate,
  experienceId,
  currency,
  categories,
  onClose,
}: {
  rate: PricingRate | null | undefined;
  experienceId: string;
  currency: string;
  categories: PricingCategory[];
  onClose: () => void;
}) => (
  <ResponsiveModal opened={rate !== undefined} onClose={onClose} title={rate ? `Edit rate ${rate.name}` : 'New rate'} size="xl">
    {rate !== undefined ? (
      <RateForm
        key={rate?.id ?? 'new'}
        rate={rate}
        experienceId={experienceId}
        currency={currency}
        categories={categories}
        onClose={onClose}
      />
    ) : null}
  </ResponsiveModal>
);

/** Rewrites a readable amount with two decimals when the field is left ("12.5" → "12.50"). */
const tidyAmount = (
  setValue: UseFormSetValue<RateFormValues>,
  path: `prices.${number}.price` | `prices.${number}.net_price`,
  raw: string,
) => {
  const parsed = parseMoney(raw);
  if (parsed.ok && parsed.minor !== null) setValue(path, formatMinor(parsed.minor), { shouldDirty: true });
};

const RateForm = ({
  rate,
  experienceId,
  currency,
  categories,
  onClose,
}: {
  rate: PricingRate | null;
  experienceId: string;
  currency: string;
  categories: PricingCategory[];
  onClose: () => void;
}) => {
  const [createRate, { isLoading: creating }] = useCreatePricingRateMutation();
  const [updateRate, { isLoading: updating }] = useUpdatePricingRateMutation();
  const [addingCategory, setAddingCategory] = useState(false);
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tab})`);
  const { register, handleSubmit, control, formState, setError, setValue, getValues } = useForm<RateFormValues>({
    resolver: rateFormResolver,
    defaultValues: rateFormDefaults(rate, categories),
  });
  const { errors, isDirty } = formState;
  const { fields: rows, append } = useFieldArray({ control, name: 'prices' });
  const symbol = currencySymbol(currency);

  // A category created meanwhile (here or elsewhere) gets its row.
  useEffect(() => {
    const present = new Set(getValues('prices').map((row) => row.pricing_category_id));
    const missing = categories.filter((category) => !present.has(category.id));
    if (missing.length > 0) {
      append(
        missing.map((category) => ({ pricing_category_id: category.id, category_name: category.name, price: '', net_price: '' })),
        { shouldFocus: false },
      );
    }
  }, [categories, append, getValues]);

  const onSubmit = handleSubmit(async (values) => {
    if (rate && !isDirty) {
      onClose();
      return;
    }
    const { fields, rowOfPrice } = readRateForm(values);
    if (!fields) return;
    const result = rate
      ? await updateRate({ id: rate.id, ...fields })
      : await createRate({ experience_id: experienceId, ...fields });
    if (result.error) {
      for (const item of fieldErrorItems(result.error)) {
        const path = formPathOfRateAttr(item.attr, rowOfPrice);
        setError(path as Parameters<typeof setError>[0], { message: item.detail });
      }
      return;
    }
    notifySuccess(rate ? MESSAGES.updated : MESSAGES.created);
    onClose();
  });

  const typeOf = (id: string) => categories.find((category) => category.id === id)?.type;
  const pricesError: string | undefined = get(errors, 'prices.root.message');

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. Summer 2027"
            withAsterisk
            {...register('name')}
            error={errors.name?.message}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['valid_from', 'valid_to'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <DatePickerInput
                    label={name === 'valid_from' ? 'Valid from' : 'Valid to'}
                    placeholder={name === 'valid_from' ? 'Any date' : 'No end'}
                    valueFormat={DISPLAY_DATE_FORMAT}
                    clearable
                    leftSection={<IconCalendar size={16} />}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    error={errors[name]?.message}
                    popoverProps={{ withinPortal: true }}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Controller
            control={control}
            name="pricing_mode"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="rate-pricing-mode">
                  Pricing mode
                </Text>
                <SegmentedControl
                  aria-labelledby="rate-pricing-mode"
                  data={MODE_OPTIONS}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  style={{ alignSelf: 'flex-start' }}
                />
                <Text size="xs" c="dimmed">
                  {field.value === 'per_group'
                    ? 'Each price is for the whole group, whatever its size.'
                    : 'Each price is per participant of its category.'}
                </Text>
              </Stack>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['min_participants', 'max_participants'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <NumberInput
                    label={name === 'min_participants' ? 'Minimum participants' : 'Maximum participants'}
                    placeholder={name === 'max_participants' ? 'No limit' : undefined}
                    withAsterisk={name === 'min_participants'}
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    error={errors[name]?.message}
                  />
                )}
              />
            ))}
          </SimpleGrid>

          <Stack gap={6}>
            <Group justify="space-between" align="baseline">
              <Text size="sm" fw={500}>
                Prices ({currency})
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => setAddingCategory(true)}>
                New pricing category
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed">
              Leave a price empty for categories this rate does not offer. The net price (what a reseller pays) is optional.
            </Text>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                There are no pricing categories yet: add one first.
              </Text>
            ) : (
              <Stack gap={8} role="group" aria-label="Prices per category">
                <Grid gap="sm" visibleFrom="sm">
                  <Grid.Col span={4}>
                    <Text size="xs" fw={600} c="dimmed">
                      Category
                    </Text>
                  </Grid.Col>
                  <Grid.Col span={4}>
                    <Text size="xs" fw={600} c="dimmed">
                      Price
                    </Text>
                  </Grid.Col>
                  <Grid.Col span={4}>
                    <Text size="xs" fw={600} c="dimmed">
                      Net price
                    </Text>
                  </Grid.Col>
                </Grid>
                {rows.map((row, index) => {
                  const type = typeOf(row.pricing_category_id);
                  const price = register(`prices.${index}.price`);
                  const net = register(`prices.${index}.net_price`);
                  return (
                    <Grid key={row.id} gap="sm" align="flex-start">
                      <Grid.Col span={{ base: 12, sm: 4 }} pt={{ base: 'xs', sm: 14 }}>
                        <Text size="sm" fw={500} span>
                          {row.category_name}
                        </Text>
                        {type ? (
                          <Text size="xs" c="dimmed" span ml={6}>
                            {PRICING_CATEGORY_TYPE_LABELS[type]}
                          </Text>
                        ) : null}
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 4 }}>
                        <TextInput
                          aria-label={`Price for ${row.category_name}`}
                          label={narrow ? 'Price' : undefined}
                          placeholder="Not offered"
                          inputMode="decimal"
                          autoComplete="off"
                          leftSection={<Text size="sm">{symbol}</Text>}
                          {...price}
                          onBlur={(event) => {
                            void price.onBlur(event);
                            tidyAmount(setValue, `prices.${index}.price`, event.currentTarget.value);
                          }}
                          error={errors.prices?.[index]?.price?.message}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 4 }}>
                        <TextInput
                          aria-label={`Net price for ${row.category_name}`}
                          label={narrow ? 'Net price' : undefined}
                          placeholder="Optional"
                          inputMode="decimal"
                          autoComplete="off"
                          leftSection={<Text size="sm">{symbol}</Text>}
                          {...net}
                          onBlur={(event) => {
                            void net.onBlur(event);
                            tidyAmount(setValue, `prices.${index}.net_price`, event.currentTarget.value);
                          }}
                          error={errors.prices?.[index]?.net_price?.message}
                        />
                      </Grid.Col>
                    </Grid>
                  );
                })}
              </Stack>
            )}
            {pricesError ? (
              <Text size="sm" c="red" role="alert">
                {pricesError}
              </Text>
            ) : null}
          </Stack>

          <Group justify="flex-end">
            <Button variant="standard" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={creating || updating}>
              {rate ? 'Save rate' : 'Create rate'}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a portal's submit events still bubble through the React tree. */}
      <PricingCategoryModal category={addingCategory ? null : undefined} onClose={() => setAddingCategory(false)} />
    </>
  );
};
