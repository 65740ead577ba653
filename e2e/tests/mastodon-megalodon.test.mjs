// A whole Mastodon app's journey driven by megalodon (the library of
// Whalebird, written by nobody here), through its own calls only: it
// registers an app, two members authorize it on the consent screen, the
// instance names its streaming origin, the first member's user stream
// (megalodon's WebSocket) hears a follow and a favourite, an image goes up
// with its description and into a status, the second member replies and
// favourites, both timelines page through every status in order, a status
// is edited and another deleted (the follower's stream hears the statuses,
// the edit and the deletion), and the revoked token is refused. Every
// answer on the way is checked against masto's entity types.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import megalodon from 'megalodon';
import { member } from '../lib/members.mjs';
import { serverAndBrowser } from '../lib/harness.mjs';
import { gradientPNG } from '../lib/images.mjs';
import { approveInBrowser, redirectURI, StreamEvents } from '../lib/mastodon-apps.mjs';
import { ShapeChecker, recordAxios } from '../lib/mastodon-shapes.mjs';
import { knownShapeProblems } from '../lib/mastodon-deviations.mjs';

// The package's default export holds the generator as its own default.
const generator = megalodon.default ?? megalodon;
const { server, browser } = await serverAndBrowser();
// What the steps hand on to the next ones.
const s = {};
const checker = new ShapeChecker();
const stopRecording = recordAxios(checker, server.url);
const files = mkdtempSync(path.join(tmpdir(), 'social-megalodon-'));
after(() => {
  s.streamM?.stream.stop();
  s.streamO?.stream.stop();
  stopRecording();
  rmSync(files, { recursive: true, force: true });
});

/** The max_id of a page's Link rel="next", as the server sends it. */
function nextMaxId(link) {
  const next = /<([^>]+)>;\s*rel="next"/.exec(link ?? '');
  assert.ok(next, `a Link rel="next": ${link}`);
  return new URL(next[1]).searchParams.get('max_id');
}

/**
 * Every status of a timeline, read two at a time by following each page's
 * max_id until a page comes back empty: the IDs in the order read.
 */
async function readAll(page) {
  const ids = [];
  let maxId;
  for (let pages = 0; pages < 20; pages++) {
    const res = await page(maxId === undefined ? { limit: 2 } : { limit: 2, max_id: maxId });
    assert.equal(res.status, 200);
    assert.ok(res.data.length <= 2, `a page of ${res.data.length} for limit 2`);
    if (res.data.length === 0) return ids;
    ids.push(...res.data.map((st) => st.id));
    maxId = nextMaxId(res.headers.link);
    assert.equal(maxId, res.data.at(-1).id, 'the next page starts after the last status read');
  }
  assert.fail(`no end after 20 pages: ${ids.join(' ')}`);
}

test('an app is registered and two members authorize it on the consent screen', async () => {
  s.marina = await member(server, 'marina');
  s.otavio = await member(server, 'otavio');
  const anonymous = generator('mastodon', server.url);
  const app = await anonymous.registerApp('Baleia Leitora', {
    scopes: ['read', 'write', 'follow'],
    redirect_uris: redirectURI,
    website: 'https://app.example',
  });
  assert.ok(app.client_id && app.client_secret, 'the app has its credentials');
  s.app = app;
  // Both members approve at once, each in a page of their own.
  const [codeM, codeO] = await Promise.all([approveInBrowser(browser, app.url, s.marina), approveInBrowser(browser, app.url, s.otavio)]);
  const tokenM = await anonymous.fetchAccessToken(app.client_id, app.client_secret, codeM, redirectURI);
  const tokenO = await anonymous.fetchAccessToken(app.client_id, app.client_secret, codeO, redirectURI);
  s.tokenM = tokenM.access_token;
  s.m = generator('mastodon', server.url, tokenM.access_token);
  s.o = generator('mastodon', server.url, tokenO.access_token);
  const [me, other] = await Promise.all([s.m.verifyAccountCredentials(), s.o.verifyAccountCredentials()]);
  assert.equal(me.data.username, 'marina');
  assert.equal(other.data.username, 'otavio');
  s.marinaId = me.data.id;
  assert.equal((await s.m.verifyAppCredentials()).data.name, 'Baleia Leitora');
});

test('the instance names itself and its streaming origin', async () => {
  const { data } = await s.m.getInstance();
  assert.equal(data.uri, new URL(server.url).host);
  assert.ok(data.title, 'a title');
  assert.equal(data.urls?.streaming_api, server.url.replace(/^http/, 'ws'));
});

/**
 * A member's user stream through megalodon (which reads the instance's
 * streaming_api and connects there), open, and what it delivers.
 */
async function userStream(client) {
  const stream = await client.userStreaming();
  const events = new StreamEvents();
  stream.on('notification', (n) => events.push({ event: 'notification', n }));
  stream.on('update', (st) => events.push({ event: 'update', status: st }));
  stream.on('status_update', (st) => events.push({ event: 'status.update', status: st }));
  stream.on('delete', (id) => events.push({ event: 'delete', id }));
  stream.on('error', (err) => events.push({ event: 'error', message: String(err?.message ?? err) }));
  stream.on('parser-error', (err) => events.push({ event: 'parser-error', message: String(err?.message ?? err) }));
  await new Promise((resolve, reject) => {
    stream.once('connect', () => {
      // Right after 'connect', megalodon sets a timer to ping the server in
      // ten seconds and keeps no hold of it: unreferenced, it no longer
      // keeps this file's process alive ten seconds after the journey.
      const setTimer = globalThis.setTimeout;
      globalThis.setTimeout = (...args) => setTimer(...args).unref();
      queueMicrotask(() => {
        globalThis.setTimeout = setTimer;
      });
      resolve();
    });
    stream.once('error', reject);
  });
  return { stream, events };
}

test("both members' user streams open, and a follow arrives on the followed one's as a notification", async () => {
  [s.streamM, s.streamO] = await Promise.all([userStream(s.m), userStream(s.o)]);
  s.events = s.streamM.events;

  const { data: marina } = await s.o.lookupAccount('marina');
  assert.equal(marina.id, s.marinaId);
  const { data: rel } = await s.o.followAccount(marina.id);
  assert.equal(rel.following, true);
  const { n } = await s.events.waitFor('follow notification', (e) => e.event === 'notification' && e.n.type === 'follow');
  assert.equal(n.account.username, 'otavio');
});

test('an image goes up with its description and into a status', async () => {
  const file = path.join(files, 'praia.png');
  writeFileSync(file, gradientPNG(64, 48));
  const alt = 'Praia de Copacabana ao entardecer, céu em degradê';
  const { data: media } = await s.m.uploadMedia(createReadStream(file), { description: alt });
  assert.ok(media.id, 'the upload has an ID');
  assert.equal(media.type, 'image');
  assert.equal(media.description, alt);
  assert.ok(media.url, 'processed while uploaded: the URL is there');
  s.upload = media;

  const { data: st } = await s.m.postStatus('Fim de tarde na praia #verao', { media_ids: [media.id] });
  s.photo = st;
  assert.equal(st.account.id, s.marinaId);
  assert.match(st.content, /Fim de tarde na praia/);
  assert.equal(st.media_attachments.length, 1);
  const [attached] = st.media_attachments;
  assert.equal(attached.description, alt, 'the description goes with the image');
  assert.equal(attached.type, 'image');
});

test("the status's attachment keeps the upload's ID", () => {
  // Server fault (plugins/mastodon status.go attachments): the posted
  // attachment carries the status's ID instead of the upload's, so an app
  // matching its upload to the status loses it. Passes once fixed.
  assert.equal(s.photo.media_attachments[0].id, s.upload.id);
});

test("the attachment's links are absolute and serve the picture", async () => {
  const [attached] = s.photo.media_attachments;
  // Server fault (plugins/mastodon status.go attachments, media.go
  // attachment): url and preview_url are the storage's paths
  // ("/media/posts/..."), which an app, not being on this origin, cannot
  // open; Mastodon's are absolute. Passes once fixed.
  for (const [name, link] of Object.entries({ upload: s.upload.url, url: attached.url, preview_url: attached.preview_url })) {
    assert.match(link ?? '', /^https?:\/\//, `${name} is absolute: ${link}`);
  }
  const picture = await fetch(attached.url);
  assert.equal(picture.status, 200, `the picture is served: ${attached.url}`);
  assert.match(picture.headers.get('content-type') ?? '', /^image\//);
});

test('the second member replies and favourites; the notifications arrive on the stream and in the list', async () => {
  const { data: reply } = await s.o.postStatus('Que foto linda!', { in_reply_to_id: s.photo.id });
  assert.equal(reply.in_reply_to_id, s.photo.id);
  assert.equal(reply.account.username, 'otavio');
  const { data: liked } = await s.o.favouriteStatus(s.photo.id);
  assert.equal(liked.favourited, true);
  assert.equal(liked.favourites_count, 1);

  const { n } = await s.events.waitFor('favourite notification', (e) => e.event === 'notification' && e.n.type === 'favourite');
  assert.equal(n.account.username, 'otavio');
  assert.equal(n.status?.id, s.photo.id);
  // This stream's work is done: stopped before the token is revoked, which
  // megalodon would answer by reconnecting every ten seconds.
  s.streamM.stream.stop();

  const { data: list } = await s.m.getNotifications();
  const types = list.map((x) => x.type);
  for (const type of ['follow', 'mention', 'favourite']) assert.ok(types.includes(type), `a ${type} in ${types}`);
  const mention = list.find((x) => x.type === 'mention');
  assert.equal(mention.status?.in_reply_to_id, s.photo.id, 'the reply is a mention answering the photo');
});

test('home and public timelines page through every status, newest first, none twice', async () => {
  const texts = ['Bom dia, Rio', 'Café passado na hora', 'Chuva na serra', 'Ensaio da bateria hoje', 'Pôr do sol no Arpoador'];
  const posted = [s.photo.id];
  for (const text of texts) posted.push((await s.m.postStatus(text)).data.id);
  s.posted = posted;
  const newestFirst = [...posted].reverse();

  const home = await readAll((options) => s.o.getHomeTimeline(options));
  assert.deepEqual(home, newestFirst, "otavio's home: marina's six posts, newest first, once each");
  const pub = await readAll((options) => s.m.getPublicTimeline(options));
  assert.deepEqual(pub, newestFirst, 'the public timeline: the same six');
});

test('a status is edited', async () => {
  const { data: edited } = await s.m.editStatus(s.photo.id, { status: 'Fim de tarde na praia, editado' });
  assert.match(edited.content, /editado/);
  assert.equal(edited.media_attachments.length, 1, 'the image stays');
  assert.equal((await s.o.getStatus(s.photo.id)).data.content, edited.content, 'the other member reads the new text');
  // Server fault (plugins/mastodon status.go Status): edited_at is set
  // only when the post changed more than a second after it was made, so
  // an edit in a post's first second reads as never edited. Passes once
  // fixed.
  assert.ok(edited.edited_at, 'edited_at is set');
});

test('a status is deleted and leaves the timeline', async () => {
  const gone = s.posted.at(-1);
  const { data: deleted } = await s.m.deleteStatus(gone);
  assert.equal(deleted.id, gone);
  await assert.rejects(s.o.getStatus(gone), (err) => {
    assert.equal(err.response?.status, 404);
    return true;
  });
  const { data: home } = await s.o.getHomeTimeline({ limit: 2 });
  assert.deepEqual(home.map((st) => st.id), s.posted.slice(-3, -1).reverse(), 'the newest page skips the deleted status');
});

test("the follower's user stream carried the new statuses, the edit and the deletion", async () => {
  const { events } = s.streamO;
  for (const id of s.posted) await events.waitFor(`update of ${id}`, (e) => e.event === 'update' && e.status.id === id);
  const { status } = await events.waitFor('status.update of the photo', (e) => e.event === 'status.update' && e.status.id === s.photo.id);
  assert.match(status.content, /editado/);
  await events.waitFor('delete', (e) => e.event === 'delete' && e.id === s.posted.at(-1));
  assert.deepEqual(events.seen.filter((e) => e.event.includes('error')), []);
  s.streamO.stream.stop();
});

test('the app revokes its token, which is then refused with 401', async () => {
  await s.m.revokeToken(s.app.client_id, s.app.client_secret, s.tokenM);
  await assert.rejects(s.m.verifyAccountCredentials(), (err) => {
    assert.equal(err.response?.status, 401);
    return true;
  });
  assert.equal((await s.o.verifyAccountCredentials()).status, 200, "the other member's token still works");
});

test("every answer of the journey fits masto's entity types", () => {
  assert.ok(checker.seen.length > 20, `${checker.seen.length} answers checked`);
  const { unknown, fixed } = checker.compare(knownShapeProblems);
  assert.deepEqual(unknown, [], `answers that do not fit:\n${checker.failures().join('\n')}`);
  assert.deepEqual(fixed, [], 'fixed: remove these from lib/mastodon-deviations.mjs');
});
