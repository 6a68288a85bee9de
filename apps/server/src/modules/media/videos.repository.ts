import { and, asc, count, desc, eq, isNotNull, isNull, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videos } from '../../db/schema/media.ts';
import type { Ordering } from '../../http/paging.ts';

export type VideoOrderingField = 'position' | 'created_at';
export type VideoRow = typeof videos.$inferSelect;
/** Organization videos (no offer) or offer videos (of one offer when `experienceId` is given). */
export type VideoScope = { kind: 'organization' } | { kind: 'offer'; experienceId?: string };

const scopeCondition = (scope: VideoScope) =>
  scope.kind === 'organization'
    ? isNull(videos.experienceId)
    : scope.experienceId === undefined
      ? isNotNull(videos.experienceId)
      : eq(videos.experienceId, scope.experienceId);

export const listVideos = async (
  db: Executor,
  accountId: string,
  query: { scope: VideoScope; ordering: Ordering<VideoOrderingField>; limit: number; offset: number },
) => {
  const where = and(eq(videos.accountId, accountId), scopeCondition(query.scope));
  const column = { position: videos.position, created_at: videos.createdAt }[query.ordering.field];
  const direction = query.ordering.descending ? desc : asc;
  const rows = await db
    .select()
    .from(videos)
    .where(where)
    .orderBy(direction(column), asc(videos.createdAt), asc(videos.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db.select({ total: count() }).from(videos).where(where);
  return { rows, count: total };
};

export const findVideo = async (db: Executor, accountId: string, videoId: string, scope: VideoScope): Promise<VideoRow | null> =>
  (
    await db
      .select()
      .from(videos)
      .where(and(eq(videos.accountId, accountId), eq(videos.id, videoId), scopeCondition(scope)))
  )[0] ?? null;

/** The position after the owner's last video (0 for the first). */
export const nextVideoPosition = async (db: Executor, accountId: string, experienceId: string | null) => {
  const scope: VideoScope = experienceId === null ? { kind: 'organization' } : { kind: 'offer', experienceId };
  const [{ last }] = await db
    .select({ last: max(videos.position) })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), scopeCondition(scope)));
  return last === null ? 0 : last + 1;
};

export const insertVideo = async (db: Executor, accountId: string, values: Omit<typeof videos.$inferInsert, 'accountId'>) =>
  (
    await db
      .insert(videos)
      .values({ ...values, accountId })
      .returning()
  )[0];

export const updateVideo = async (
  db: Executor,
  accountId: string,
  videoId: string,
  values: { title?: string; position?: number },
) =>
  (
    await db
      .update(videos)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(videos.accountId, accountId), eq(videos.id, videoId)))
      .returning()
  )[0];

export const deleteVideo = async (db: Executor, accountId: string, videoId: string) => {
  await db.delete(videos).where(and(eq(videos.accountId, accountId), eq(videos.id, videoId)));
};
