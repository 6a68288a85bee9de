import { MESSAGES } from '@excursio/contract/messages';
import {
  DATE_FORMATS,
  formatInvoiceNumber,
  type ProductConfigurationInput,
  productConfigurationInput,
} from '@excursio/contract/product-configuration';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { useListCancellationPoliciesQuery, useListMeetingPointsQuery } from '../../../lib/api/catalog.api.ts';
import {
  useGetProductConfigurationQuery,
  useSaveProductConfigurationMutation,
} from '../../../lib/api/product-configuration.api.ts';
import { CURRENCIES } from '../../../lib/forms/currencies.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { FORM_WIDTH, PAGE_FORM_WIDTH } from '../../../lib/theme.ts';
import { TIME_ZONES } from '../../../lib/time-zones.ts';

type Values = ProductConfigurationInput;

const SAMPLE = dayjs('2026-12-01T14:30:00');

const Section = ({ title, description, children }: { title: string; description: string; children: ReactNode }) => (
  <Stack gap="sm">
    <div>
      <Text fw={600} size="lg" component="h2" m={0}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  </Stack>
);

/** `next`: the numbers the organization's next order and invoice take, for the previews. */
const Form = ({ values, next }: { values: Values; next: { order: number; invoice: number } }) => {
  const [save] = useSaveProductConfigurationMutation();
  const { data: policies } = useListCancellationPoliciesQuery({ page_size: 100, ordering: 'name' });
  const { data: points } = useListMeetingPointsQuery({ page_size: 100, ordering: 'name' });
  const { register, handleSubmit, control, formState, reset, watch } = useForm<Values>({
    resolver: zodResolver(productConfigurationInput),
    values,
  });
  const errors = formState.errors;
  const err = (name: Path<Values>) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const onSubmit = handleSubmit(async (data) => {
    const result = await save(data);
    if (!('error' in result)) {
      notifySuccess(MESSAGES.updated);
      reset(data);
    }
  });
  const number = (name: Path<Values>, label: string, props: { min: number; max: number; description?: string }) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={props.description}
          min={props.min}
          max={props.max}
          allowDecimal={false}
          value={field.value as number}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.parseInt(v, 10) || 0)}
          onBlur={field.onBlur}
          error={err(name)}
        />
      )}
    />
  );
  const toggle = (name: Path<Values>, label: string, description: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={field.value as boolean}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          style={{ gridColumn: '1 / -1' }}
        />
      )}
    />
  );
  const select = (name: Path<Values>, label: string, data: { value: string; label: string }[], clearable = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          searchable
          clearable={clearable}
          placeholder={clearable ? 'None' : undefined}
          allowDeselect={clearable}
          value={(field.value as string | null) ?? null}
          onChange={(v) => field.onChange(clearable ? (v ?? null) : (v ?? ''))}
          error={err(name)}
        />
      )}
    />
  );
  const [prefix, digits, referencePrefix, timeFormat, dateFormat] = watch([
    'invoice_number_prefix',
    'invoice_number_digits',
    'booking_reference_prefix',
    'time_format',
    'date_format',
  ]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={PAGE_FORM_WIDTH}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="xl" maw={FORM_WIDTH}>
          <Section
            title="Dates and times"
            description={`How every screen shows dates and times. Example: ${SAMPLE.format(dateFormat)}, ${SAMPLE.format(timeFormat === '12h' ? 'hh:mm A' : 'HH:mm')}.`}
          >
            <Controller
              control={control}
              name="time_format"
              render={({ field }) => (
                <Input.Wrapper label="Time format">
                  <SegmentedControl
                    mt={4}
                    fullWidth
                    aria-label="Time format"
                    // Two lines on a phone rather than a cut label.
                    styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
                    data={[
                      { value: '24h', label: '24-hour (HH:mm)' },
                      { value: '12h', label: '12-hour (hh:mm A)' },
                    ]}
                    value={field.value}
                    onChange={field.onChange}
                  />
                </Input.Wrapper>
              )}
            />
            {select(
              'date_format',
              'Date display',
              DATE_FORMATS.map((f) => ({ value: f, label: `${SAMPLE.format(f)} (${f})` })),
            )}
          </Section>
          <Section title="New offers" description="What a new offer starts with; each offer can change it.">
            {select(
              'default_currency',
              'Default currency',
              CURRENCIES.map((c) => ({ value: c, label: c })),
            )}
            {select(
              'default_time_zone',
              'Default time zone',
              TIME_ZONES.map((z) => ({ value: z, label: z })),
            )}
            {select(
              'default_cancellation_policy_id',
              'Default cancellation policy',
              (policies?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
              true,
            )}
            {select(
              'default_meeting_point_id',
              'Default meeting point',
              (points?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
              true,
            )}
          </Section>
          <Section title="Bookings" description="How long places are held in a cart, and how orders are referred to.">
            {number('hold_minutes', 'Hold minutes', {
              min: 5,
              max: 120,
              description: 'A store can set its own.',
            })}
            <TextInput
              label="Booking reference prefix"
              description={`Next order: ${referencePrefix || '#'}${next.order}`}
              error={err('booking_reference_prefix')}
              {...register('booking_reference_prefix')}
            />
          </Section>
          <Section title="Invoices" description="Printed on invoices issued from now on; issued invoices stay as they are.">
            <TextInput
              label="Invoice number prefix"
              description={`Next invoice: ${formatInvoiceNumber(next.invoice, { prefix: prefix ?? '', digits: Math.min(10, Math.max(1, digits || 1)) })}`}
              error={err('invoice_number_prefix')}
              {...register('invoice_number_prefix')}
            />
            {number('invoice_number_digits', 'Number digits', { min: 1, max: 10 })}
            <TextInput label="Tax ID" error={err('invoice_tax_id')} {...register('invoice_tax_id')} />
            <Textarea
              label="Invoice footer"
              autosize
              minRows={2}
              error={err('invoice_footer')}
              style={{ gridColumn: '1 / -1' }}
              {...register('invoice_footer')}
            />
          </Section>
          <Section
            title="Messages to customers"
            description="Emails sent on their own to customers who gave an address. Each is sent once; the order lists what was sent."
          >
            {toggle('reminder_enabled', 'Reminder before the start', 'To the order’s email, before each booking starts.')}
            {number('reminder_hours_before', 'Hours before the start', { min: 1, max: 168 })}
            <div />
            {toggle(
              'follow_up_enabled',
              'Follow-up after the experience',
              'A thank-you once the order’s last booking has ended.',
            )}
            {number('follow_up_hours_after', 'Hours after the end', { min: 1, max: 168 })}
            <div />
            {toggle(
              'abandoned_cart_enabled',
              'Abandoned-cart reminder',
              'To webstore visitors who typed their email at checkout and whose reservation ran out. They can opt out.',
            )}
            {number('abandoned_cart_minutes_after', 'Minutes after the reservation ran out', { min: 10, max: 1440 })}
          </Section>
          <Group justify="flex-end" gap="sm">
            <Button variant="standard" onClick={() => reset(values)} disabled={!formState.isDirty}>
              Discard changes
            </Button>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** Settings → Product configuration: the organization-wide defaults every area reads. */
export const ProductConfigurationPage = () => {
  const { data } = useGetProductConfigurationQuery();
  if (!data) return <Skeleton h={480} radius="md" maw={PAGE_FORM_WIDTH} />;
  const { updated_at: _updated, next_order_number, next_invoice_number, ...values } = data;
  return <Form values={values} next={{ order: next_order_number, invoice: next_invoice_number }} />;
};
