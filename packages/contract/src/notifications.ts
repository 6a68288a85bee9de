import { z } from 'zod';
import { id, timestamp } from './common.ts';

/**
 * What the organization hears of (issue 23, point 5): a new booking in any channel, a cancellation
 * not made by one of its own members (a reseller's, later a guest's own), a resale (the supplier
 * hears of the sale, the reseller of the supplier canceling it), a failed card payment or refund.
 * The header bell shows every kind to every member who may manage orders; mail is each member's
 * choice per kind.
 */
export const NOTIFICATION_KINDS = ['new_booking', 'cancellation', 'resale', 'payment_failed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The profile's switches: label and what each mail is about. */
export const NOTIFICATION_KIND_TEXT: Record<NotificationKind, { label: string; description: string }> = {
  new_booking: { label: 'New bookings', description: 'A booking made in the back office, a webstore or through the API.' },
  cancellation: {
    label: 'Cancellations',
    description: 'A booking canceled by someone outside your team, such as a reseller.',
  },
  resale: {
    label: 'Resales',
    description: 'A partner resold one of your offers, or a supplier canceled a sale you made.',
  },
  payment_failed: {
    label: 'Failed payments',
    description: 'A card payment or refund that did not go through, or a card payment that came too late.',
  },
};

/** One notice of the organization with the person's own read state. */
export const organizationNotification = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  /** The order it is about (in this organization), when there is one. */
  order_id: id.nullable(),
  /** Where the dashboard shows it (the order editor, the resales list), or null. */
  link: z.string().nullable(),
  created_at: timestamp,
  /** When the person asking marked it read; null = unread. */
  read_at: timestamp.nullable(),
});
export type OrganizationNotification = z.infer<typeof organizationNotification>;

export const ORGANIZATION_NOTIFICATION_FILTERS = {
  unread: z.enum(['true', 'false']).optional(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
};

const mailChoices = z.strictObject({
  new_booking: z.boolean(),
  cancellation: z.boolean(),
  resale: z.boolean(),
  payment_failed: z.boolean(),
});

/** PUT /api/notification-preferences/: every kind on or off (all four, nothing else). */
export const notificationPreferencesInput = z.strictObject({ mail: mailChoices });
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

export const notificationPreferences = z.object({
  mail: mailChoices,
  /** Whether this person gets these mails at all: only members who may manage orders do. */
  receives_mail: z.boolean(),
  /** The address they go to. */
  email: z.string(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * Until a member chooses: owners and managers (who may manage the account) get new bookings,
 * cancellations, resales and failed payments by mail; other members get none.
 */
export const defaultMailChoices = (managesAccount: boolean): Record<NotificationKind, boolean> => ({
  new_booking: managesAccount,
  cancellation: managesAccount,
  resale: managesAccount,
  payment_failed: managesAccount,
});
