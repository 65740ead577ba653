// A second ActivityPub server built with Fedify, an implementation written
// elsewhere: one actor, `ana`, on a loopback address, with its own key
// pair, an inbox that records what it receives and the actions a member of
// such a server takes (follow, post, reply, like, delete), each signed by
// Fedify itself.
import { createServer } from 'node:http';
import {
  Accept,
  Create,
  Delete,
  Endpoints,
  Follow,
  Like,
  Mention,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
  createFederation,
  generateCryptoKeyPair,
  lookupWebFinger,
  MemoryKvStore,
} from '@fedify/fedify';

const USER = 'ana';

/**
 * Starts the peer on `http://<host>:<random port>`. The federation has no
 * queue, so each sendActivity delivers before it resolves and fails the
 * caller when the other side refuses it.
 */
export async function startFedifyPeer({ host = '127.0.0.2' } = {}) {
  // Both key types Fedify uses: RSA for HTTP Signatures, Ed25519 for
  // object integrity proofs.
  const keys = [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')];
  /** Every activity the inbox took, as JSON-LD (compacted by Fedify). */
  const received = [];
  const waiters = [];
  let notes = 0;
  let displayName = 'Ana do Fedify';

  // allowPrivateAddress lets Fedify fetch and deliver to the loopback
  // server under test; signatures are still made and verified.
  const federation = createFederation({ kv: new MemoryKvStore(), allowPrivateAddress: true });

  const person = async (ctx, identifier) => {
    const pairs = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: displayName,
      summary: '<p>Uma conta de outro servidor.</p>',
      url: ctx.getActorUri(identifier),
      inbox: ctx.getInboxUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: pairs[0].cryptographicKey,
      assertionMethods: pairs.map((p) => p.multikey),
    });
  };
  federation
    .setActorDispatcher('/users/{identifier}', (ctx, identifier) => (identifier === USER ? person(ctx, identifier) : null))
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === USER ? keys : []));

  /** Deliveries the other side refused, from the inbox's listeners (the tests' own sends throw instead). */
  const failures = [];
  const send = async (ctx, recipient, activity) => {
    try {
      await ctx.sendActivity({ identifier: USER }, recipient, activity);
    } catch (err) {
      failures.push(`${activity.constructor.name} ${activity.id?.href}: ${err.message}`);
      throw err;
    }
  };
  const record = async (ctx, activity) => {
    const json = await activity.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader });
    received.push(json);
    for (const w of [...waiters]) {
      if (w.match(json)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(json);
      }
    }
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Follow, async (ctx, follow) => {
      await record(ctx, follow);
      // As most servers do for an account that approves followers
      // automatically: an Accept of the Follow, to its actor.
      const follower = await follow.getActor(ctx);
      if (follower && follow.objectId?.href === ctx.getActorUri(USER).href) {
        await send(ctx, follower,
          new Accept({ id: new URL(`${ctx.getActorUri(USER).href}#accepts/${++notes}`), actor: follow.objectId, object: follow }));
      }
    })
    .on(Accept, record)
    .on(Create, record)
    .on(Update, record)
    .on(Delete, record)
    .on(Like, record)
    .on(Undo, record);

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, `http://${req.headers.host}`);
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const request = new Request(url, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      const response = await federation.fetch(request, { contextData: undefined });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err?.stack ?? err));
    }
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${server.address().port}`;
  const ctx = federation.createContext(new URL(origin), undefined);
  const me = ctx.getActorUri(USER);
  const sender = { identifier: USER };

  const peer = {
    origin,
    actorId: me.href,
    username: USER,
    handle: `${USER}@${new URL(origin).host}`,
    received,
    failures,
    /** Resolves with the first received activity match(json) accepts, past or coming; rejects after ms. */
    waitFor(match, ms = 15_000) {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no matching activity within ${ms} ms; received: ${JSON.stringify(received.map((a) => a.type))}`));
          }
        }, ms).unref();
      });
    },
    /**
     * Finds an actor through WebFinger as Fedify does, then fetches it.
     * The resource is the profile page's address: for an acct: URI Fedify
     * asks https only, which a loopback test server does not serve.
     */
    async discover(profileUrl) {
      const jrd = await lookupWebFinger(profileUrl, { allowPrivateAddress: true });
      const self = jrd?.links?.find((l) => l.rel === 'self' && /activity\+json|ld\+json/.test(l.type ?? ''));
      if (!self) throw new Error(`no self link in ${JSON.stringify(jrd)}`);
      const actor = await ctx.lookupObject(self.href);
      if (!actor?.id) throw new Error(`no actor at ${self.href}`);
      return actor;
    },
    /** Fetches any object (an actor, a Note) through Fedify's document loader. */
    lookup(uri) {
      return ctx.lookupObject(uri);
    },
    async follow(actor) {
      const follow = new Follow({ id: new URL(`${me.href}/follows/${++notes}`), actor: me, object: actor.id });
      await ctx.sendActivity(sender, actor, follow);
      return follow;
    },
    async unfollow(actor, follow) {
      await ctx.sendActivity(sender, actor, new Undo({ id: new URL(`${follow.id.href}/undo`), actor: me, object: follow }));
    },
    /**
     * Sends Create(Note) to recipient (an actor) and returns the Note.
     * mention: an actor, named at the start of the text as Mastodon
     * writes a mention (an h-card link) and tagged as a Mention.
     * shared: delivered to the recipient's shared inbox.
     */
    async post(recipient, text, { inReplyTo, mention, shared = false } = {}) {
      const id = new URL(`${origin}/notes/${++notes}`);
      const named = mention
        ? `<span class="h-card"><a href="${mention.url?.href ?? mention.id.href}" class="u-url mention">@<span>${mention.preferredUsername}</span></a></span> `
        : '';
      const note = new Note({
        id,
        attribution: me,
        content: `<p>${named}${text}</p>`,
        to: PUBLIC_COLLECTION,
        ccs: [new URL(`${me.href}/followers`), ...(mention ? [mention.id] : [])],
        tags: mention ? [new Mention({ href: mention.id, name: `@${mention.preferredUsername}@${mention.id.host}` })] : [],
        replyTarget: inReplyTo ? new URL(inReplyTo) : null,
      });
      const create = new Create({ id: new URL(`${id.href}/create`), actor: me, object: note, tos: [PUBLIC_COLLECTION], ccs: note.ccIds });
      await ctx.sendActivity(sender, recipient, create, { preferSharedInbox: shared });
      return note;
    },
    /** Sends Update(Note) with new text for a Note post() made. */
    async updateNote(recipient, note, text) {
      const updated = note.clone({ content: `<p>${text}</p>` });
      await ctx.sendActivity(sender, recipient,
        new Update({ id: new URL(`${note.id.href}/update/${++notes}`), actor: me, object: updated, tos: [PUBLIC_COLLECTION] }));
      return updated;
    },
    /** Renames the actor and sends Update(Person) with its document. */
    async rename(recipient, name) {
      displayName = name;
      const actor = await person(ctx, USER);
      await ctx.sendActivity(sender, recipient,
        new Update({ id: new URL(`${me.href}#updates/${++notes}`), actor: me, object: actor, tos: [PUBLIC_COLLECTION] }));
    },
    async unlike(recipient, like) {
      await ctx.sendActivity(sender, recipient, new Undo({ id: new URL(`${like.id.href}/undo`), actor: me, object: like }));
    },
    async like(recipient, objectId) {
      const like = new Like({ id: new URL(`${me.href}/likes/${++notes}`), actor: me, object: new URL(objectId) });
      await ctx.sendActivity(sender, recipient, like);
      return like;
    },
    async deleteNote(recipient, note) {
      const del = new Delete({
        id: new URL(`${note.id.href}/delete`),
        actor: me,
        object: new Tombstone({ id: note.id }),
        tos: [PUBLIC_COLLECTION],
      });
      await ctx.sendActivity(sender, recipient, del);
    },
    close() {
      return new Promise((resolve) => server.close(resolve));
    },
  };
  return peer;
}
