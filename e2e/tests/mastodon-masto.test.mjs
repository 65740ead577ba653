// A whole Mastodon app's journey driven by masto (masto.js, the library
// of many web apps, written by nobody here), through its own calls only:
// it registers an app, two members authorize it on the consent screen with
// PKCE, the v2 instance names the streaming origin masto's streaming client
// connects to, the first member's user stream hears a follow and a
// favourite, an image goes up with its description and into a status, the
// second member replies and favourites, masto's paginators read both
// timelines through, a status and its image's description are edited and
// another status deleted (the follower's stream hears the statuses, the
// edit and the deletion), and the revoked token is refused. Every answer
// and streamed entity on the way is checked against masto's own types.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { snakeCase } from 'change-case';
import { createOAuthAPIClient, createRestAPIClient, createStreamingAPIClient } from 'masto';
import { member } from '../lib/members.mjs';
import { serverAndBrowser } from '../lib/harness.mjs';
import { gradientPNG } from '../lib/images.mjs';
import { approveInBrowser, authorizeURL, mastoOnNode20, pkcePair, redirectURI, StreamEvents } from '../lib/mastodon-apps.mjs';
import { ShapeChecker, recordFetch } from '../lib/mastodon-shapes.mjs';
import { knownShapeProblems } from '../lib/mastodon-deviations.mjs';

await mastoOnNode20();
const { server, browser } = await serverAndBrowser();
// What the steps hand on to the next ones.
const s = {};
const checker = new ShapeChecker();
const stopRecording = recordFetch(checker, server.url);
after(() => {
  s.streamL?.client.close();
  s.streamC?.client.close();
  stopRecording();
});

/** Every status a masto paginator reads, two at a time: the IDs in the order read. */
async function readAll(paginator) {
  const ids = [];
  let pages = 0;
  for await (const page of paginator) {
    pages += 1;
    assert.ok(page.length <= 2, `a page of ${page.length} for limit 2`);
    ids.push(...page.map((st) => st.id));
    assert.ok(pages < 20, `no end after 20 pages: ${ids.join(' ')}`);
  }
  return ids;
}

/** Whether a masto call failed with this HTTP status. */
function httpStatus(code) {
  return (err) => {
    assert.equal(err.statusCode, code, String(err));
    return true;
  };
}

test('an app is registered and two members authorize it on the consent screen with PKCE', async () => {
  s.lucia = await member(server, 'lucia');
  s.caio = await member(server, 'caio');
  const anonymous = createRestAPIClient({ url: server.url });
  const app = await anonymous.v1.apps.create({
    clientName: 'Mastodonte Leitor',
    redirectUris: redirectURI,
    scopes: 'read write follow',
    website: 'https://app.example',
  });
  assert.ok(app.clientId && app.clientSecret, 'the app has its credentials');
  s.app = app;
  s.oauth = createOAuthAPIClient({ url: server.url });

  const [pkceL, pkceC] = [pkcePair(), pkcePair()];
  const url = (pkce) => authorizeURL(server, app.clientId, { scope: 'read write follow', challenge: pkce.challenge });
  const [codeL, codeC] = await Promise.all([approveInBrowser(browser, url(pkceL), s.lucia), approveInBrowser(browser, url(pkceC), s.caio)]);
  const trade = (code, codeVerifier) =>
    s.oauth.token.create({
      grantType: 'authorization_code',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      redirectUri: redirectURI,
      code,
      // masto's types leave PKCE out; it sends any parameter as given.
      codeVerifier,
    });
  await assert.rejects(trade(codeL, pkceC.verifier), httpStatus(400), "another challenge's verifier is refused");
  const tokenL = await trade(codeL, pkceL.verifier);
  const tokenC = await trade(codeC, pkceC.verifier);
  assert.equal(tokenL.tokenType, 'Bearer');
  assert.equal(tokenL.scope, 'read write follow');
  s.tokenL = tokenL.accessToken;
  s.tokenC = tokenC.accessToken;
  s.l = createRestAPIClient({ url: server.url, accessToken: tokenL.accessToken });
  s.c = createRestAPIClient({ url: server.url, accessToken: tokenC.accessToken });
  const [me, other] = await Promise.all([s.l.v1.accounts.verifyCredentials(), s.c.v1.accounts.verifyCredentials()]);
  assert.equal(me.username, 'lucia');
  assert.equal(other.username, 'caio');
  s.luciaId = me.id;
  assert.equal((await s.l.v1.apps.verifyCredentials()).name, 'Mastodonte Leitor');
});

test('the v2 instance names itself and the streaming origin', async () => {
  const instance = await s.l.v2.instance.fetch();
  assert.equal(instance.domain, new URL(server.url).host);
  assert.ok(instance.title, 'a title');
  assert.equal(instance.configuration.urls.streaming, server.url.replace(/^http/, 'ws'));
  s.streamingApiUrl = instance.configuration.urls.streaming;
});

/**
 * A member's user stream through masto's streaming client, subscribed,
 * and what it delivers.
 */
async function userStream(accessToken) {
  const client = createStreamingAPIClient({ streamingApiUrl: s.streamingApiUrl, accessToken });
  const events = new StreamEvents();
  const subscription = client.user.subscribe();
  // The subscription is read for the rest of the journey; what it ends
  // with (an error frame, a refusal) is an event too.
  void (async () => {
    try {
      for await (const event of subscription) events.push(event);
    } catch (err) {
      events.push({ event: 'ended', error: String(err) });
    }
  })();
  await client.prepare();
  return { client, events };
}

test("both members' user streams open, and a follow arrives on the followed one's as a notification", async () => {
  [s.streamL, s.streamC] = await Promise.all([userStream(s.tokenL), userStream(s.tokenC)]);
  s.events = s.streamL.events;

  const lucia = await s.c.v1.accounts.lookup({ acct: 'lucia' });
  assert.equal(lucia.id, s.luciaId);
  const rel = await s.c.v1.accounts.$select(lucia.id).follow();
  assert.equal(rel.following, true);
  const { payload } = await s.events.waitFor('follow notification', (e) => e.event === 'notification' && e.payload.type === 'follow');
  assert.equal(payload.account.username, 'caio');
});

test('an image goes up with its description and into a status', async () => {
  const alt = 'Ipês amarelos floridos numa rua de Brasília';
  // masto uploads through /api/v2/media and asks /api/v1/media/:id until the file is processed.
  const media = await s.l.v2.media.create({ file: new Blob([gradientPNG(64, 48)], { type: 'image/png' }), description: alt });
  assert.ok(media.id, 'the upload has an ID');
  assert.equal(media.type, 'image');
  assert.equal(media.description, alt);
  assert.ok(media.url, 'the URL is there');
  s.upload = media;

  const st = await s.l.v1.statuses.create({ status: 'Os ipês chegaram #primavera', mediaIds: [media.id] });
  s.photo = st;
  assert.equal(st.account.id, s.luciaId);
  assert.match(st.content, /Os ipês chegaram/);
  assert.equal(st.mediaAttachments.length, 1);
  const [attached] = st.mediaAttachments;
  assert.equal(attached.description, alt, 'the description goes with the image');
  assert.equal(attached.type, 'image');
});

test("the status's attachment keeps the upload's ID", () => {
  // Server fault (plugins/mastodon status.go attachments): the posted
  // attachment carries the status's ID instead of the upload's, so an app
  // matching its upload to the status loses it. Passes once fixed.
  assert.equal(s.photo.mediaAttachments[0].id, s.upload.id);
});

test("the attachment's links are absolute and serve the picture", async () => {
  const [attached] = s.photo.mediaAttachments;
  // Server fault (plugins/mastodon status.go attachments, media.go
  // attachment): url and previewUrl are the storage's paths
  // ("/media/posts/..."), which an app, not being on this origin, cannot
  // open; Mastodon's are absolute. Passes once fixed.
  for (const [name, link] of Object.entries({ upload: s.upload.url, url: attached.url, previewUrl: attached.previewUrl })) {
    assert.match(link ?? '', /^https?:\/\//, `${name} is absolute: ${link}`);
  }
  const picture = await fetch(attached.url);
  assert.equal(picture.status, 200, `the picture is served: ${attached.url}`);
  assert.match(picture.headers.get('content-type') ?? '', /^image\//);
});

test('the second member replies and favourites; the notifications arrive on the stream and in the list', async () => {
  const reply = await s.c.v1.statuses.create({ status: 'Que cor incrível!', inReplyToId: s.photo.id });
  assert.equal(reply.inReplyToId, s.photo.id);
  assert.equal(reply.account.username, 'caio');
  const liked = await s.c.v1.statuses.$select(s.photo.id).favourite();
  assert.equal(liked.favourited, true);
  assert.equal(liked.favouritesCount, 1);

  const { payload } = await s.events.waitFor('favourite notification', (e) => e.event === 'notification' && e.payload.type === 'favourite');
  assert.equal(payload.account.username, 'caio');
  assert.equal(payload.status?.id, s.photo.id);
  const mention = await s.events.waitFor('mention notification', (e) => e.event === 'notification' && e.payload.type === 'mention');
  assert.equal(mention.payload.status?.inReplyToId, s.photo.id, 'the reply is a mention answering the photo');
  assert.ok(!s.events.seen.some((e) => e.event === 'ended'), `the stream goes on: ${JSON.stringify(s.events.seen.at(-1))}`);

  const list = await s.l.v1.notifications.list();
  const types = list.map((n) => n.type);
  for (const type of ['follow', 'mention', 'favourite']) assert.ok(types.includes(type), `a ${type} in ${types}`);
});

test("home and public timelines page through every status with masto's paginator, newest first, none twice", async () => {
  const texts = ['Sol forte no cerrado', 'Feira da Torre hoje', 'Pão de queijo quentinho', 'Fim de semana no lago', 'Céu limpo à noite'];
  const posted = [s.photo.id];
  for (const text of texts) posted.push((await s.l.v1.statuses.create({ status: text })).id);
  s.posted = posted;
  const newestFirst = [...posted].reverse();

  assert.deepEqual(await readAll(s.c.v1.timelines.home.list({ limit: 2 })), newestFirst, "caio's home: lucia's six posts, newest first, once each");
  assert.deepEqual(await readAll(s.l.v1.timelines.public.list({ limit: 2 })), newestFirst, 'the public timeline: the same six');
});

test("a status's text and its image's description are edited", async () => {
  const alt = 'Ipês amarelos e um céu azul em Brasília';
  const attachmentId = s.photo.mediaAttachments[0].id;
  const edited = await s.l.v1.statuses.$select(s.photo.id).update({
    status: 'Os ipês chegaram, editado #primavera',
    mediaAttributes: [{ id: attachmentId, description: alt }],
  });
  assert.match(edited.content, /editado/);
  assert.equal(edited.mediaAttachments.length, 1, 'the image stays');
  assert.equal(edited.mediaAttachments[0].description, alt, 'the new description');
  const seen = await s.c.v1.statuses.$select(s.photo.id).fetch();
  assert.equal(seen.content, edited.content, 'the other member reads the new text');
  assert.equal(seen.mediaAttachments[0].description, alt);
  // Server fault (plugins/mastodon status.go Status): edited_at is set
  // only when the post changed more than a second after it was made, so
  // an edit in a post's first second reads as never edited. Passes once
  // fixed.
  assert.ok(edited.editedAt, 'editedAt is set');
});

test('a status is deleted and leaves the timeline', async () => {
  const gone = s.posted.at(-1);
  const deleted = await s.l.v1.statuses.$select(gone).remove();
  assert.equal(deleted.id, gone);
  await assert.rejects(s.c.v1.statuses.$select(gone).fetch(), httpStatus(404));
  const home = await s.c.v1.timelines.home.list({ limit: 2 });
  assert.deepEqual(home.map((st) => st.id), s.posted.slice(-3, -1).reverse(), 'the newest page skips the deleted status');
});

test("the follower's user stream carried the new statuses, the edit and the deletion", async () => {
  const { events } = s.streamC;
  for (const id of s.posted) await events.waitFor(`update of ${id}`, (e) => e.event === 'update' && e.payload.id === id);
  const { payload } = await events.waitFor('status.update of the photo', (e) => e.event === 'status.update' && e.payload.id === s.photo.id);
  assert.match(payload.content, /editado/);
  await events.waitFor('delete', (e) => e.event === 'delete' && e.payload === s.posted.at(-1));
  assert.ok(!events.seen.some((e) => e.event === 'ended'), `the stream goes on: ${JSON.stringify(events.seen.at(-1))}`);
  s.streamC.client.close();
});

test('the app revokes its token, which is then refused with 401', async () => {
  // The stream is closed first: masto would reconnect a stream the
  // revocation ends, with a token that no longer works.
  s.streamL.client.close();
  await s.oauth.revoke({ clientId: s.app.clientId, clientSecret: s.app.clientSecret, token: s.tokenL });
  await assert.rejects(s.l.v1.accounts.verifyCredentials(), httpStatus(401));
  assert.equal((await s.c.v1.accounts.verifyCredentials()).username, 'caio', "the other member's token still works");
});

test("every answer of the journey fits masto's entity types", () => {
  assert.ok(checker.seen.length > 20, `${checker.seen.length} answers checked`);
  const { unknown, fixed } = checker.compare(knownShapeProblems);
  assert.deepEqual(unknown, [], `answers that do not fit:\n${checker.failures().join('\n')}`);
  assert.deepEqual(fixed, [], 'fixed: remove these from lib/mastodon-deviations.mjs');
});

/** A value masto handed the app with its keys back as on the wire (masto's own rule, reversed). */
function onTheWire(value) {
  if (Array.isArray(value)) return value.map(onTheWire);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.includes(':') || k.startsWith('_') ? k : snakeCase(k), onTheWire(v)]));
}

test("every status and notification the streams delivered fits masto's types", () => {
  const entities = { update: 'Status', 'status.update': 'Status', notification: 'Notification' };
  const streamed = [...s.streamL.events.seen, ...s.streamC.events.seen].filter((e) => entities[e.event]);
  assert.ok(streamed.length >= 10, `${streamed.length} statuses and notifications streamed`);
  // Checked as the wire's JSON, where the differences Mastodon documents
  // from masto's types are written (lib/mastodon-shapes.mjs).
  const problems = new Set(streamed.flatMap((e) => checker.check(entities[e.event], onTheWire(e.payload)).map((p) => `${e.event}: ${p}`)));
  assert.deepEqual([...problems], []);
});
