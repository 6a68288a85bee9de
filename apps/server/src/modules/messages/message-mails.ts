import type { ContactInfo, Profile } from '@excursio/contract/accounts';
import type { MailMessage } from '../../integrations/mail.ts';
import { startLabel } from '../invoices/invoice-document.ts';
import { orderReference } from '../orders/order-wire.ts';

/** The customer messages the job queue sends (pure: facts in, mail out). */

type Line = {
  bookingId: string;
  title: string;
  startsAt: Date;
  timeZone: string;
  participants: number;
  meetingPoint: string | null;
  meetingAddress: string | null;
  meetingInstructions: string | null;
};
export type OrderFacts = {
  number: number;
  referencePrefix: string;
  email: string;
  firstName: string;
  organization: string;
  profile: Profile;
  contact: ContactInfo;
  lines: Line[];
};

const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');
const signature = (facts: { organization: string; contact?: ContactInfo }) =>
  [
    '',
    `${facts.organization}`,
    ...(facts.contact?.email ? [facts.contact.email] : []),
    ...(facts.contact?.phone ? [facts.contact.phone] : []),
  ].join('\n');

const when = (line: Line, profile: Profile) => startLabel(line.startsAt.toISOString(), line.timeZone, profile.time_format);

export const reminderMail = (facts: OrderFacts, bookingId: string): MailMessage | null => {
  const line = facts.lines.find((l) => l.bookingId === bookingId);
  if (!line) return null;
  const reference = orderReference(facts.number, facts.referencePrefix);
  const meeting = line.meetingPoint
    ? [
        `Meeting point: ${line.meetingPoint}${line.meetingAddress ? `, ${line.meetingAddress}` : ''}`,
        ...(line.meetingInstructions ? [line.meetingInstructions] : []),
      ]
    : [];
  return {
    to: facts.email,
    subject: `Reminder: ${line.title} on ${when(line, facts.profile)}`,
    text: [
      hello(facts.firstName),
      '',
      `This is a reminder of your booking ${reference} with ${facts.organization}:`,
      '',
      `${line.title}`,
      `${when(line, facts.profile)} (${line.timeZone})`,
      `${line.participants} ${line.participants === 1 ? 'participant' : 'participants'}`,
      ...meeting,
      '',
      'We look forward to seeing you.',
      signature(facts),
    ].join('\n'),
  };
};

export const followUpMail = (facts: OrderFacts): MailMessage | null => {
  const titles = [...new Set(facts.lines.map((l) => l.title))];
  if (!titles.length) return null;
  return {
    to: facts.email,
    subject: `Thank you for joining ${titles[0]}`,
    text: [
      hello(facts.firstName),
      '',
      `Thank you for joining ${titles.join(' and ')} with ${facts.organization} (booking ${orderReference(facts.number, facts.referencePrefix)}).`,
      'We hope you enjoyed it. If you have a moment, reply to this email and tell us how it was.',
      signature(facts),
    ].join('\n'),
  };
};

export type CartFacts = {
  email: string;
  firstName: string;
  organization: string;
  storeName: string | null;
  offers: string[];
  /** The store's address for the visitor, and the link that stops these reminders. */
  storeUrl: string;
  unsubscribeUrl: string;
};

export const abandonedCartMail = (facts: CartFacts): MailMessage => {
  const what = facts.offers.length ? facts.offers.join(', ') : 'your selection';
  const where = facts.storeName ?? facts.organization;
  return {
    to: facts.email,
    subject: `Your places for ${facts.offers[0] ?? 'your booking'} are no longer reserved`,
    text: [
      hello(facts.firstName),
      '',
      `You started booking ${what} at ${where}, but the reservation ran out before the booking was finished.`,
      'The places are free for others again. If you still want to come, book again while places are left:',
      facts.storeUrl,
      '',
      `You receive this email once, because you entered this address at checkout. To receive no more reminders like it: ${facts.unsubscribeUrl}`,
      signature({ organization: facts.organization }),
    ].join('\n'),
  };
};
