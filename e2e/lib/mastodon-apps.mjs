// Apps of the Mastodon client API as members connect them: the app's
// redirect URI caught in the page, the authorization-code flow with the
// member signing in and clicking 'Autorizar' on the consent screen in
// Chromium, PKCE's pair, and what masto needs to stream on Node 20.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { password } from './members.mjs';
import { watchedPage } from './harness.mjs';

/** Where the journeys' apps are sent back to: a site no request reaches (the page serves it). */
export const redirectURI = 'https://app.example/oauth/callback';

/**
 * Serves the app's redirect URI in the page and resolves to the URL the
 * browser was sent to, once the page is there.
 */
export function catchRedirect(page) {
  const caught = new Promise((resolve) => {
    void page.route('https://app.example/**', async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>app</title>' });
      resolve(url);
    });
  });
  return caught.then(async (url) => {
    await page.waitForURL((u) => u.hostname === 'app.example');
    await page.unrouteAll();
    return url;
  });
}

/**
 * PKCE (RFC 7636): a verifier the app keeps and its S256 challenge, which
 * goes in the authorization URL.
 */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** The consent screen's address for an app, as an app builds it (masto has no helper for it). */
export function authorizeURL(server, clientId, { scope, challenge, state } = {}) {
  const url = new URL('/oauth/authorize', server.url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectURI);
  if (scope) url.searchParams.set('scope', scope);
  if (challenge) {
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

/**
 * The member m, signed out, opens the app's authorization URL in a page of
 * their own, signs in, approves on the consent screen, and the code the
 * app is sent back with is returned. The page is closed afterwards, so a
 * journey keeps no browser page it does not use.
 */
export async function approveInBrowser(browser, url, m) {
  const { page, context, problems } = await watchedPage(browser);
  try {
    await page.goto(url);
    await page.waitForURL('**/auth');
    const form = page.getByRole('tabpanel', { name: 'Entrar' });
    await form.getByLabel('Email').fill(m.email);
    await form.getByLabel('Senha').fill(password);
    await form.getByRole('button', { name: 'Entrar' }).click();
    const redirected = catchRedirect(page);
    await page.getByRole('button', { name: 'Autorizar' }).click();
    const back = await redirected;
    assert.equal(back.origin + back.pathname, redirectURI);
    const code = back.searchParams.get('code');
    assert.ok(code, `the redirect carries a code: ${back}`);
    assert.deepEqual(problems, []);
    return code;
  } finally {
    await context.close();
  }
}

/**
 * masto@8 is written for Node 22: it streams over the global WebSocket and
 * waits for the socket with Promise.withResolvers, neither of which Node 20
 * has. The ws package stands in for the one, a few lines for the other.
 */
export async function mastoOnNode20() {
  if (!globalThis.WebSocket) globalThis.WebSocket = (await import('ws')).default;
  Promise.withResolvers ??= function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

/** An event as "event id-or-type", short enough to list them all. */
function summary(e) {
  const payload = e.payload ?? e.status ?? e.n ?? e.id ?? e.error ?? e.message;
  if (typeof payload !== 'object' || payload === null) return `${e.event} ${payload}`;
  return `${e.event} ${payload.type ?? ''} ${payload.id ?? ''}`.trim();
}

/**
 * What a stream delivered, in order, for a journey to wait on: waitFor
 * resolves with the first event (already seen or still to come) that
 * `matches`, or fails after `ms` listing every event seen.
 */
export class StreamEvents {
  seen = [];
  #waiters = [];

  push(event) {
    this.seen.push(event);
    for (const w of [...this.#waiters]) if (w.matches(event)) w.resolve(event);
  }

  waitFor(what, matches, ms = 10_000) {
    const found = this.seen.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { matches };
      const timer = setTimeout(() => {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} on the stream within ${ms} ms; seen: ${this.seen.map(summary).join(', ')}`));
      }, ms);
      waiter.resolve = (event) => {
        clearTimeout(timer);
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        resolve(event);
      };
      this.#waiters.push(waiter);
    });
  }
}
