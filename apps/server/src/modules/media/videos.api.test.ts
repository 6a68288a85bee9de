import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/media.ts';
import { fetchVideoMetadata } from '../../integrations/video.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, type TestUser, useAccount } from '../../test/factories.ts';

// A fake YouTube Data API on 127.0.0.1: answers by video id, records what it was asked.
const asked: URL[] = [];
let fake: Server;
let fakeHost = '';
beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    asked.push(url);
    const id = url.searchParams.get('id');
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/youtube/v3/videos' || url.searchParams.get('key') !== 'test-key') return send(403, {});
    if (id === 'failFailFai') return send(500, { error: 'boom' });
    if (id === 'slowSlowSlo') return void setTimeout(() => send(200, { items: [] }), 1500);
    if (id === 'redirectRed') return res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    if (id === 'goneGoneGon') return send(200, { items: [] });
    send(200, {
      items: [
        {
          snippet: {
            title: `Title of ${id}`,
            thumbnails: {
              default: { url: `https://i.ytimg.com/vi/${id}/default.jpg` },
              high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg` },
              maxres: { url: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg` },
            },
          },
        },
      ],
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeHost = `127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

const t = useTestApp(() => ({
  YOUTUBE_API_KEY: 'test-key',
  VIDEO_API_BASE_URL: `http://${fakeHost}/youtube/v3`,
  VIDEO_API_ALLOWED_HOSTS: `www.googleapis.com, ${fakeHost}`,
  OUTBOUND_TIMEOUT_MS: '500',
}));
const a = useAccount(t);
const b = useAccount(t);
let viewer: TestUser;
let contentEditor: TestUser;

beforeAll(async () => {
  viewer = await createMember(t, a, ['View experiences']);
  contentEditor = await createMember(t, a, ['Manage experiences']);
});

const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const add = (payload: object, headers = a.owner.headers, url = '/api/videos/') =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('offer videos', () => {
  it('adds videos with metadata from the provider, in order, and lists them by offer', async () => {
    const offer = await createExperience(t, a);
    const other = await createExperience(t, a);
    const first = await add({ experience_id: offer.id, url: yt('dQw4w9WgXcQ') });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      experience_id: offer.id,
      url: yt('dQw4w9WgXcQ'),
      provider: 'youtube',
      provider_video_id: 'dQw4w9WgXcQ',
      title: 'Title of dQw4w9WgXcQ',
      thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      position: 0,
    });
    const call = asked.at(-1) as URL;
    expect([call.pathname, call.searchParams.get('part'), call.searchParams.get('id')]).toEqual([
      '/youtube/v3/videos',
      'snippet',
      'dQw4w9WgXcQ',
    ]);

    const second = await add({ experience_id: offer.id, url: 'https://youtu.be/aaaaaaaaaaa', title: 'My own title' });
    expect(second.json()).toMatchObject({ title: 'My own title', position: 1 });
    const vimeo = await add({ experience_id: offer.id, url: 'https://vimeo.com/76979871' });
    expect(vimeo.json()).toMatchObject({
      provider: 'vimeo',
      provider_video_id: '76979871',
      title: '',
      thumbnail_url: '',
      embed_url: 'https://player.vimeo.com/video/76979871',
      position: 2,
    });
    await add({ experience_id: other.id, url: yt('bbbbbbbbbbb') });

    const list = await t.app.inject({ url: `/api/videos/?experience=${offer.id}`, headers: a.owner.headers });
    expect(list.json().results.map((v: { position: number }) => v.position)).toEqual([0, 1, 2]);
    expect(list.json().count).toBe(3);
    const all = await t.app.inject({ url: '/api/videos/?ordering=-created_at', headers: a.owner.headers });
    expect(all.json().count).toBe(4);
    expect(all.json().results[0].experience_id).toBe(other.id);
  });

  it("falls back when metadata cannot be had: the user's title, YouTube's fixed thumbnail", async () => {
    const offer = await createExperience(t, a);
    for (const id of ['failFailFai', 'slowSlowSlo', 'redirectRed', 'goneGoneGon']) {
      const res = await add({ experience_id: offer.id, url: yt(id), title: 'Kept' });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ title: 'Kept', thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg` });
    }
  });

  it('edits title and position (PATCH, PUT) and deletes', async () => {
    const offer = await createExperience(t, a);
    const video = (await add({ experience_id: offer.id, url: yt('ccccccccccc') })).json();
    const url = `/api/videos/${video.id}/`;
    const patch = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { title: 'Renamed' } });
    expect(patch.json()).toMatchObject({ title: 'Renamed', position: 0, url: yt('ccccccccccc') });
    const put = await t.app.inject({ method: 'PUT', url, headers: a.owner.headers, payload: { title: 'Both', position: 4 } });
    expect(put.json()).toMatchObject({ title: 'Both', position: 4 });
    expectError(
      await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { url: yt('ddddddddddd') } }),
      400,
      {
        code: 'unknown_field',
      },
    );
    expect((await t.app.inject({ url, headers: a.owner.headers })).json().title).toBe('Both');
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: a.owner.headers }), 404, { code: 'not_found' });
  });

  it('refuses unsupported URLs and foreign offers, writing nothing', async () => {
    const offer = await createExperience(t, a);
    const theirs = await createExperience(t, b);
    expectError(await add({ experience_id: offer.id, url: 'https://example.com/clip.mp4' }), 400, {
      attr: 'url',
      code: 'unsupported_video_url',
    });
    expectError(await add({ experience_id: offer.id, url: 'not a url' }), 400, { attr: 'url' });
    expectError(await add({ experience_id: theirs.id, url: yt('eeeeeeeeeee') }), 400, {
      attr: 'experience_id',
      code: 'does_not_exist',
    });
    expectError(await add({ url: yt('eeeeeeeeeee') }), 400, { attr: 'experience_id', code: 'required' });
    expect(await t.db.select().from(videos).where(eq(videos.experienceId, offer.id))).toEqual([]);
    expect(await t.db.select().from(videos).where(eq(videos.experienceId, theirs.id))).toEqual([]);
  });

  it("answers 404 for another account's video; reads need View experiences, changes Manage experiences", async () => {
    const theirs = await createExperience(t, b);
    const video = (await add({ experience_id: theirs.id, url: yt('fffffffffff') }, b.owner.headers)).json();
    const url = `/api/videos/${video.id}/`;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { title: 'Hacked' }],
      ['PUT', { title: 'Hacked', position: 0 }],
      ['DELETE', undefined],
    ] as const) {
      expectError(await t.app.inject({ method, url, headers: a.owner.headers, payload }), 404, { code: 'not_found' });
    }
    expect((await t.db.select().from(videos).where(eq(videos.id, video.id)))[0].title).toBe('Title of fffffffffff');
    // A viewer reads an offer's videos (the read-only offer shows them) but changes nothing.
    const mine = await createExperience(t, a);
    const own = (await add({ experience_id: mine.id, url: yt('hhhhhhhhhhh') })).json();
    const listed = await t.app.inject({ url: `/api/videos/?experience=${mine.id}`, headers: viewer.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results.map((v: { id: string }) => v.id)).toEqual([own.id]);
    expect((await t.app.inject({ url: `/api/videos/${own.id}/`, headers: viewer.headers })).statusCode).toBe(200);
    for (const [method, payload] of [
      ['PATCH', { title: 'Viewer' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/videos/${own.id}/`, headers: viewer.headers, payload });
      expectError(res, 403, { code: 'permission_denied' });
    }
    const post = await add({ experience_id: mine.id, url: yt('iiiiiiiiiii') }, viewer.headers);
    expectError(post, 403, { code: 'permission_denied' });
  });
});

describe('organization videos', () => {
  it("CRUD with 'Manage account'; kept apart from offer videos", async () => {
    const created = await add(
      { url: 'https://www.youtube.com/shorts/ggggggggggg' },
      a.owner.headers,
      '/api/base-account-videos/',
    );
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json();
    expect(video).toMatchObject({ experience_id: null, provider_video_id: 'ggggggggggg', position: 0 });
    expectError(
      await add({ experience_id: video.id, url: yt('hhhhhhhhhhh') }, a.owner.headers, '/api/base-account-videos/'),
      400,
      {
        code: 'unknown_field',
      },
    );
    const list = await t.app.inject({ url: '/api/base-account-videos/', headers: a.owner.headers });
    expect(list.json().results.map((v: { id: string }) => v.id)).toEqual([video.id]);
    const offers = await t.app.inject({ url: '/api/videos/', headers: a.owner.headers });
    expect(offers.json().results.map((v: { id: string }) => v.id)).not.toContain(video.id);
    expectError(await t.app.inject({ url: `/api/videos/${video.id}/`, headers: a.owner.headers }), 404, {});

    const url = `/api/base-account-videos/${video.id}/`;
    const patched = await t.app.inject({ method: 'PATCH', url, headers: a.owner.headers, payload: { title: 'About us' } });
    expect(patched.json().title).toBe('About us');
    expectError(await t.app.inject({ url, headers: contentEditor.headers }), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url, headers: b.owner.headers }), 404, { code: 'not_found' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.owner.headers })).statusCode).toBe(204);
  });
});

describe('video metadata fetch (outbound allow-list)', () => {
  const config = (over: object = {}) => ({
    YOUTUBE_API_KEY: 'test-key',
    VIDEO_API_BASE_URL: `http://${fakeHost}/youtube/v3`,
    VIDEO_API_ALLOWED_HOSTS: [fakeHost],
    OUTBOUND_TIMEOUT_MS: 500,
    ...over,
  });

  it('fetches from an allow-listed host', async () => {
    expect(await fetchVideoMetadata(config(), { provider: 'youtube', id: 'iiiiiiiiiii' })).toEqual({
      title: 'Title of iiiiiiiiiii',
      thumbnailUrl: 'https://i.ytimg.com/vi/iiiiiiiiiii/maxresdefault.jpg',
    });
  });

  it('never contacts a host that is not allow-listed, nor without a key, nor for Vimeo', async () => {
    const before = asked.length;
    expect(
      await fetchVideoMetadata(config({ VIDEO_API_ALLOWED_HOSTS: ['www.googleapis.com'] }), {
        provider: 'youtube',
        id: 'jjjjjjjjjjj',
      }),
    ).toBeNull();
    expect(
      await fetchVideoMetadata(config({ VIDEO_API_ALLOWED_HOSTS: ['127.0.0.1'] }), { provider: 'youtube', id: 'jjjjjjjjjjj' }),
    ).toBeNull();
    expect(
      await fetchVideoMetadata(config({ YOUTUBE_API_KEY: undefined }), { provider: 'youtube', id: 'jjjjjjjjjjj' }),
    ).toBeNull();
    expect(await fetchVideoMetadata(config(), { provider: 'vimeo', id: '123' })).toBeNull();
    expect(asked.length).toBe(before);
  });

  it('gives up after the timeout and does not follow redirects', async () => {
    const started = Date.now();
    expect(await fetchVideoMetadata(config({ OUTBOUND_TIMEOUT_MS: 200 }), { provider: 'youtube', id: 'slowSlowSlo' })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1200);
    expect(await fetchVideoMetadata(config(), { provider: 'youtube', id: 'redirectRed' })).toBeNull();
  });
});
