import { NOTIFICATION_KIND_TEXT, type NotificationKind } from '@excursio/contract/notifications';
import { baseUrl, type Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail.ts';
import type { JobData, JobQueue } from '../../jobs/queue.ts';
import {
  claimMail,
  membersWhoSeeOrders,
  type NoticeRow,
  noticeForMail,
  setMailed,
  unmailedNotices,
} from './notifications.repository.ts';
import { choiceOf } from './notifications.service.ts';

export const NOTICES_SWEEP_JOB = 'notifications-sweep';
export const NOTICE_MAIL_JOB = 'notifications-mail';

type Deps = { db: Db; config: Config; mailer: Mailer; clock: () => Date };
type MailJob = { notificationId: string; userId: string };

export const mailKeyOf = (job: MailJob) => `notice:${job.notificationId}:${job.userId}`;

/** Who gets a notice by mail: members who may see orders and chose its kind, except the one whose own action it reports. */
const recipientsOf = async (db: Executor, notice: Pick<NoticeRow, 'accountId' | 'kind' | 'actorUserId'>, userId?: string) =>
  (await membersWhoSeeOrders(db, notice.accountId, userId)).filter(
    (m) => m.userId !== notice.actorUserId && choiceOf(m.mail, m.managesAccount, notice.kind as NotificationKind),
  );

const noticeMail = (
  config: Config,
  to: { email: string; firstName: string },
  found: NonNullable<Awaited<ReturnType<typeof noticeForMail>>>,
): MailMessage => {
  const site = baseUrl(config, found.subdomain);
  const { notice } = found;
  const kind = NOTIFICATION_KIND_TEXT[notice.kind as NotificationKind].label;
  return {
    to: to.email,
    subject: `[${found.accountName}] ${notice.title}`,
    text: [
      `Hello ${to.firstName || 'there'},`,
      '',
      notice.message,
      ...(notice.link ? ['', `Open it in Excursio: ${site}${notice.link}`] : []),
      '',
      `You get this mail because "${kind}" is on in your profile. Change it there: ${site}/settings/account`,
    ].join('\n'),
  };
};

/**
 * Sends one notice to one member at most once. In one transaction: the member must still see orders
 * and want this kind, the (notice, member) row is claimed (a concurrent claim waits on the primary
 * key, then finds it taken), the mail is sent, the claim commits. A failed send rolls the claim back
 * and the queue's retry sends it. Answers whether this call sent it.
 */
export const sendNoticeMail = async ({ db, config, mailer, clock }: Deps, job: MailJob): Promise<boolean> =>
  db.transaction(async (tx) => {
    const found = await noticeForMail(tx, job.notificationId);
    if (!found) return false;
    const [member] = await recipientsOf(tx, found.notice, job.userId);
    if (!member) return false;
    const claimed = await claimMail(tx, {
      accountId: found.notice.accountId,
      notificationId: found.notice.id,
      userId: member.userId,
      toEmail: member.email,
      sentAt: clock(),
    });
    if (!claimed) return false;
    await mailer.send(noticeMail(config, member, found));
    return true;
  });

/**
 * The sweep: every notice not yet fanned out gets one mail job per recipient (one queued job per key),
 * then is marked. A crash between the two queues them again on the next sweep; the claim in
 * `sendNoticeMail` keeps that to one mail.
 */
export const fanOutNotices = async (queue: JobQueue, { db, clock }: Pick<Deps, 'db' | 'clock'>) => {
  const due = await unmailedNotices(db, 200);
  for (const { id } of due) {
    const found = await noticeForMail(db, id);
    if (!found) continue;
    for (const member of await recipientsOf(db, found.notice)) {
      const job = { notificationId: id, userId: member.userId };
      await queue.send(NOTICE_MAIL_JOB, job, { singletonKey: mailKeyOf(job) });
    }
    await setMailed(db, [id], clock());
  }
};

export const registerNotificationJobs = (queue: JobQueue, ctx: Deps, log?: { info: (data: object, message: string) => void }) => {
  queue.register({ name: NOTICES_SWEEP_JOB, periodic: true, handler: () => fanOutNotices(queue, ctx) });
  queue.register({
    name: NOTICE_MAIL_JOB,
    handler: async (data: JobData) => {
      const job = data as MailJob;
      if (await sendNoticeMail(ctx, job)) log?.info({ notice: mailKeyOf(job) }, 'notification mail sent');
    },
  });
};
