// A member on a phone waits for the JavaScript of the first screen: the
// sign-in page brings only the shell and its own screen, the feed only what
// it shows, and both come compressed. Measured as the browser counts it
// (bytes on the wire, headers included) through the DevTools protocol.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptsOnTheWire } from '../lib/scripts.mjs';
import { serverAndBrowser } from '../lib/harness.mjs';
import { member, password } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

// The first screen's budget: JavaScript on the wire, compressed, headers
// included (the speed budgets' 150 KB).
const AUTH_BUDGET = 150 * 1024;
// A file too small to gain from compression is sent as it is.
const COMPRESSIBLE = 1024;

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
