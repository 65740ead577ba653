// Federation against an ActivityPub server nobody here wrote: a Fedify
// peer (e2e/lib/fedify-peer.mjs) and `social`, both on loopback, exchange
// signed activities both ways: discovery, follows, posts, a reply, a like
// and deletions. Neither side skips signature verification.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer } from '../lib/harness.mjs';
import { api, member, signInToken } from '../lib/members.mjs';
import { startFedifyPeer } from '../lib/fedify-peer.mjs';

let server;
let peer;
let bob;
let bobToken;
let bobActor; // our member as the peer's Fedify object
let bobPost; // bob's public post, as our API answers it
let peerFollow; // the peer's Follow of bob

/** Polls fn until it answers something truthy (ours applies inbox activities in a job). */
async function eventually(fn, what, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

before(async () => {
  [server, peer] = await Promise.all([
    startServer({
      SOCIAL_PLUGINS_FEDERATION_ENABLED: 'true',
      SOCIAL_FEDERATION_ALLOW_LOOPBACK_HTTP: 'true',
    }),
    startFedifyPeer(),
  ]);
  bob = await member(server, 'bob_fed', 'Bob Federado');
  bobToken = await signInToken(server, bob.email);
});

after(async () => {
  await peer?.close();
  const result = await server?.stop();
  if (result) assert.equal(result.postgresLeft, false);
});

test('the Fedify peer finds our member through WebFinger and follows; the Accept reaches it', async () => {
  bobActor = await peer.discover(`${server.url}/profile/${bob.handle}`);
  assert.equal(bobActor.preferredUsername, bob.handle);
  assert.equal(bobActor.name?.toString(), 'Bob Federado');
  assert.ok(bobActor.inboxId?.href.startsWith(server.url));

  const follow = (peerFollow = await peer.follow(bobActor));
  const accept = await peer.waitFor((a) => a.type === 'Accept');
  assert.equal(accept.actor, bobActor.id.href);
  const acceptedId = typeof accept.object === 'string' ? accept.object : accept.object?.id;
  assert.equal(acceptedId, follow.id.href);

  const follower = await eventually(async () => {
    const page = await api(server, bobToken, 'GET', `/profiles/${bob.handle}/followers`);
    return page.items.find((p) => p.handle === peer.handle);
  }, 'the peer among bob followers');
  assert.equal(follower.display_name, 'Ana do Fedify');
});

test("our member's public post reaches the peer as Create(Note)", async () => {
  bobPost = await api(server, bobToken, 'POST', '/posts', { text_content: 'Olá, fediverso! Escrito no social.' });
  const create = await peer.waitFor((a) => a.type === 'Create');
  assert.equal(create.actor, bobActor.id.href);
  assert.equal(create.object.type, 'Note');
  assert.match(create.object.content, /Olá, fediverso! Escrito no social\./);
  assert.ok(create.object.id.endsWith(bobPost.id), create.object.id);
  // The Note is fetchable where its id points, as Fedify reads it.
  const note = await peer.lookup(create.object.id);
  assert.equal(note?.id?.href, create.object.id);
  bobPost.noteId = create.object.id;

  // A followers-only post goes to the followers alone, never Public.
  const closed = await api(server, bobToken, 'POST', '/posts', { text_content: 'Só para quem me segue', visibility: 'friends_only' });
  const closedCreate = await peer.waitFor((a) => a.type === 'Create' && a.object.id.endsWith(closed.id));
  const audience = [closedCreate.to, closedCreate.cc, closedCreate.object.to, closedCreate.object.cc].flat().filter(Boolean);
  assert.ok(audience.includes(`${bobActor.id.href}/followers`), JSON.stringify(audience));
  assert.ok(!audience.some((a) => /#Public$|^as:Public$/.test(a)), JSON.stringify(audience));
});

test("our member's profile change reaches the peer as Update(Person)", async () => {
  await api(server, bobToken, 'PATCH', '/profiles/me', { display_name: 'Bob Renomeado' });
  const update = await peer.waitFor((a) => a.type === 'Update' && a.object?.type === 'Person');
  assert.equal(update.actor, bobActor.id.href);
  assert.equal(update.object.id, bobActor.id.href);
  assert.equal(update.object.name, 'Bob Renomeado');
});

test('a Note of the peer naming our member, delivered to the shared inbox, becomes a post and a mention', async () => {
  await peer.post(bobActor, 'você viu isso?', { mention: bobActor, shared: true });
  const mention = await eventually(async () => {
    const page = await api(server, bobToken, 'GET', '/notifications/list');
    return page.items.find((n) => n.type === 'mention');
  }, 'the mention notified');
  assert.equal(mention.sender.handle, peer.handle);
  assert.equal(mention.message, '@bob_fed você viu isso?');
});

test("the peer's reply becomes a comment and its like is counted", async () => {
  const reply = await peer.post(bobActor, 'Que bom te ver por aqui!', { inReplyTo: bobPost.noteId });

  const comment = await eventually(async () => {
    const page = await api(server, bobToken, 'GET', `/posts/${bobPost.id}/comments`);
    return page.items.find((c) => c.author.handle === peer.handle);
  }, 'the reply as a comment');
  assert.equal(comment.text_content, 'Que bom te ver por aqui!');
  const like = await peer.like(bobActor, bobPost.noteId);
  await eventually(async () => (await api(server, bobToken, 'GET', `/posts/${bobPost.id}`)).like_count === 1, 'the like counted');
  await peer.unlike(bobActor, like);
  await eventually(async () => (await api(server, bobToken, 'GET', `/posts/${bobPost.id}`)).like_count === 0, 'the like undone');

  // Deleted there, gone here.
  await peer.deleteNote(bobActor, reply);
  await eventually(async () => {
    const page = await api(server, bobToken, 'GET', `/posts/${bobPost.id}/comments`);
    return !page.items.some((c) => c.id === comment.id);
  }, 'the comment deleted');
});

test('our member follows the peer; its posts reach Seguindo; deletions go both ways', async () => {
  await api(server, bobToken, 'POST', `/profiles/${encodeURIComponent(peer.handle)}/follow`);
  const follow = await peer.waitFor((a) => a.type === 'Follow');
  assert.equal(follow.actor, bobActor.id.href);
  assert.equal(typeof follow.object === 'string' ? follow.object : follow.object?.id, peer.actorId);

  const note = await peer.post(bobActor, 'Novidade vinda do Fedify');
  const inFeed = await eventually(async () => {
    const feed = await api(server, bobToken, 'GET', '/feed?algorithm=chronological');
    return feed.items.find((p) => p.author.handle === peer.handle && p.text_content.startsWith('Novidade'));
  }, "the peer's post in Seguindo");
  assert.equal(inFeed.text_content, 'Novidade vinda do Fedify');

  await peer.updateNote(bobActor, note, 'Novidade vinda do Fedify, corrigida');
  await eventually(async () => (await api(server, bobToken, 'GET', `/posts/${inFeed.id}`)).text_content === 'Novidade vinda do Fedify, corrigida',
    "the peer's edit applied");

  await api(server, bobToken, 'PUT', `/posts/${inFeed.id}/like`);
  const like = await peer.waitFor((a) => a.type === 'Like');
  assert.equal(like.actor, bobActor.id.href);
  assert.equal(typeof like.object === 'string' ? like.object : like.object?.id, note.id.href);

  await peer.deleteNote(bobActor, note);
  await eventually(async () => {
    const feed = await api(server, bobToken, 'GET', '/feed?algorithm=chronological');
    return !feed.items.some((p) => p.id === inFeed.id);
  }, "the peer's post deleted");

  await api(server, bobToken, 'DELETE', `/posts/${bobPost.id}`);
  const del = await peer.waitFor((a) => a.type === 'Delete');
  assert.equal(del.actor, bobActor.id.href);
  const deleted = typeof del.object === 'string' ? del.object : del.object?.id;
  assert.equal(deleted, bobPost.noteId);

  await api(server, bobToken, 'DELETE', `/profiles/${encodeURIComponent(peer.handle)}/follow`);
  const undo = await peer.waitFor((a) => a.type === 'Undo' && (a.object?.type === 'Follow' || a.object?.id === follow.id));
  assert.equal(undo.actor, bobActor.id.href);

  // And the peer's Accepts were all taken by our inbox.
  assert.deepEqual(peer.failures, []);
});

test("the peer's Update(Person) renames its profile here", async () => {
  await peer.rename(bobActor, 'Ana Renomeada');
  await eventually(async () => (await api(server, bobToken, 'GET', `/profiles/${encodeURIComponent(peer.handle)}`)).display_name === 'Ana Renomeada',
    'the remote profile renamed');
});

test("the peer's unfollow ends the follow here", async () => {
  await peer.unfollow(bobActor, peerFollow);
  await eventually(async () => {
    const page = await api(server, bobToken, 'GET', `/profiles/${bob.handle}/followers`);
    return !page.items.some((p) => p.handle === peer.handle);
  }, 'the peer no longer among bob followers');
});
