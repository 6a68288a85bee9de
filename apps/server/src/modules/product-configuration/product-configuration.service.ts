import {
  CONFIGURATION_DEFAULTS,
  type DateFormat,
  type ProductConfiguration,
  type ProductConfigurationInput,
} from '@excursio/contract/product-configuration';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { isOwnCancellationPolicy, isOwnMeetingPoint } from '../experiences/experiences.service.ts';
import {
  type ConfigurationRow,
  invoiceSettingsOf,
  lockAccount,
  readConfiguration,
  updateAccountDefaults,
  upsertConfiguration,
} from './product-configuration.repository.ts';

export { invoiceSettingsOf };

const toWire = (
  row: NonNullable<Awaited<ReturnType<typeof readConfiguration>>>,
  saved: ConfigurationRow | null,
): ProductConfiguration => ({
  time_format: row.profile.time_format,
  default_currency: row.profile.currency,
  default_time_zone: row.profile.timezone,
  hold_minutes: row.holdMinutes,
  ...(saved
    ? {
        date_format: saved.dateFormat as DateFormat,
        booking_reference_prefix: saved.bookingReferencePrefix,
        default_cancellation_policy_id: saved.defaultCancellationPolicyId,
        default_meeting_point_id: saved.defaultMeetingPointId,
        invoice_number_prefix: saved.invoiceNumberPrefix,
        invoice_number_digits: saved.invoiceNumberDigits,
        invoice_tax_id: saved.invoiceTaxId,
        invoice_footer: saved.invoiceFooter,
        reminder_enabled: saved.reminderEnabled,
        reminder_hours_before: saved.reminderHoursBefore,
        follow_up_enabled: saved.followUpEnabled,
        follow_up_hours_after: saved.followUpHoursAfter,
        abandoned_cart_enabled: saved.abandonedCartEnabled,
        abandoned_cart_minutes_after: saved.abandonedCartMinutesAfter,
      }
    : CONFIGURATION_DEFAULTS),
  updated_at: saved?.updatedAt.toISOString() ?? null,
  next_order_number: row.lastOrder + 1,
  next_invoice_number: row.lastInvoice + 1,
});

export const getConfiguration = async (db: Executor, accountId: string): Promise<ProductConfiguration> => {
  const row = await readConfiguration(db, accountId);
  if (!row) throw notFound('This organization does not exist.');
  return toWire(row, row.saved);
};

/** PUT: the whole configuration, checked (the default policy and meeting point must be the organization's). */
export const saveConfiguration = async (db: Db, accountId: string, input: ProductConfigurationInput) => {
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, accountId))) throw notFound('This organization does not exist.');
    const errors = [];
    if (
      input.default_cancellation_policy_id &&
      !(await isOwnCancellationPolicy(tx, accountId, input.default_cancellation_policy_id))
    ) {
      errors.push({ code: 'invalid', detail: 'Cancellation policy not found.', attr: 'default_cancellation_policy_id' });
    }
    if (input.default_meeting_point_id && !(await isOwnMeetingPoint(tx, accountId, input.default_meeting_point_id))) {
      errors.push({ code: 'invalid', detail: 'Meeting point not found.', attr: 'default_meeting_point_id' });
    }
    if (errors.length) throw new AppError(400, errors);
    const current = await readConfiguration(tx, accountId);
    if (!current) throw notFound('This organization does not exist.');
    const profile = {
      ...(current.profile.time_format !== input.time_format ? { time_format: input.time_format } : {}),
      ...(current.profile.currency !== input.default_currency ? { currency: input.default_currency } : {}),
      ...(current.profile.timezone !== input.default_time_zone ? { timezone: input.default_time_zone } : {}),
    };
    await updateAccountDefaults(tx, accountId, {
      profile: Object.keys(profile).length ? profile : undefined,
      holdMinutes: current.holdMinutes !== input.hold_minutes ? input.hold_minutes : undefined,
    });
    await upsertConfiguration(tx, accountId, {
      dateFormat: input.date_format,
      bookingReferencePrefix: input.booking_reference_prefix,
      defaultCancellationPolicyId: input.default_cancellation_policy_id,
      defaultMeetingPointId: input.default_meeting_point_id,
      invoiceNumberPrefix: input.invoice_number_prefix,
      invoiceNumberDigits: input.invoice_number_digits,
      invoiceTaxId: input.invoice_tax_id,
      invoiceFooter: input.invoice_footer,
      reminderEnabled: input.reminder_enabled,
      reminderHoursBefore: input.reminder_hours_before,
      followUpEnabled: input.follow_up_enabled,
      followUpHoursAfter: input.follow_up_hours_after,
      abandonedCartEnabled: input.abandoned_cart_enabled,
      abandonedCartMinutesAfter: input.abandoned_cart_minutes_after,
    });
  });
  return getConfiguration(db, accountId);
};
