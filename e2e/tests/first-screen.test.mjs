// A member on a phone waits for the JavaScript of the first screen: the
// sign-in page brings only the shell and its own screen, the feed only what
// it shows, and both come compressed. Measured as the browser counts it
// (bytes on the wire, headers included) through the DevTools protocol.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from '../lib/harness.mjs';
import { member, password } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

// The first screen's budget: JavaScript on the wire, compressed, headers
// included (the speed budgets' 150 KB).
const AUTH_BUDGET = 150 * 1024;
// A file too small to gain from compression is sent as it is.
const COMPRESSIBLE = 1024;

/**
 * Loads url in page and sums the bytes on the wire of every script it
 * fetched until ready() holds and the network has been quiet. Returns the
 * total and each script's address and Content-Encoding.
 */
async function scriptsOnTheWire(page, url, ready) {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script' || /javascript/.test(response.mimeType)) {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      scripts.set(requestId, { url: response.url, encoding: headers['content-encoding'] ?? 'identity', bytes: 0 });
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  // Nothing from an earlier visit: every byte comes over the network.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const list = [...scripts.values()];
  return { total: list.reduce((sum, s) => sum + s.bytes, 0), scripts: list };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

test('the sign-in page and the feed bring little JavaScript, compressed', async () => {
  const m = await member(server, 'primeira');
  // Without the service worker, which would fetch the whole build beside the page.
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const signInForm = page.getByRole('tabpanel', { name: 'Entrar' });
    const auth = await scriptsOnTheWire(page, `${server.url}/auth`, () => signInForm.getByRole('button', { name: 'Entrar' }).waitFor());
    console.log(`/auth: ${kb(auth.total)} of JavaScript in ${auth.scripts.length} files`);
    assert.ok(auth.scripts.length > 0, 'no script measured');
    for (const s of auth.scripts) if (s.bytes > COMPRESSIBLE) assert.equal(s.encoding, 'br', `${s.url} came ${s.encoding}`);
    assert.ok(auth.total <= AUTH_BUDGET, `/auth brought ${kb(auth.total)} of JavaScript, over ${kb(AUTH_BUDGET)}:\n${auth.scripts.map((s) => `${s.bytes} ${s.url}`).join('\n')}`);
    // The signed-in app is not fetched ahead for the sign-in page.
    for (const screen of ['feed', 'post', 'profile', 'settings']) {
      assert.ok(!auth.scripts.some((s) => new RegExp(`/assets/${screen}-[\\w-]+\\.js$`).test(s.url)), `/auth fetched the ${screen} screen`);
    }

    await signInForm.getByLabel('Email').fill(m.email);
    await signInForm.getByLabel('Senha').fill(password);
    await signInForm.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${server.url}/`);

    // The feed as a signed-in member opens it: a fresh load of '/'.
    const feed = await scriptsOnTheWire(page, `${server.url}/`, () => page.getByRole('heading', { name: 'Últimos posts' }).waitFor());
    console.log(`/ (feed): ${kb(feed.total)} of JavaScript in ${feed.scripts.length} files`);
    for (const s of feed.scripts) if (s.bytes > COMPRESSIBLE) assert.equal(s.encoding, 'br', `${s.url} came ${s.encoding}`);
    assert.ok(feed.scripts.some((s) => /\/assets\/feed-[\w-]+\.js$/.test(s.url)), 'the feed screen was not measured');
  } finally {
    await context.close();
  }
});
