// Pictures chosen by someone else never make a member's browser call out.
// A room's host gives a track picture on an outside host and a post links a
// page; the server keeps copies of such pictures in its own media storage,
// and the member app shows only those. A member browsing the feed, a post,
// the rooms list and a room (worst-case content, pictures as the server's
// jobs leave them) makes requests to the app's own origin only, and the
// pictures shown load from it.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { signIn, signInToken } from '../lib/members.mjs';
import { seedWorstCase, token } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser();
let seed;

before(async () => {
  seed = await seedWorstCase(server);
});

/**
 * Whether the picture loaded: once the browser is done with it (an element
 * in the page may still be fetching its picture), it has a width.
 */
function loaded(img) {
  return img.evaluate(
    (el) =>
      new Promise((resolve) => {
        if (el.complete) resolve(el.naturalWidth > 0);
        el.addEventListener('load', () => resolve(el.naturalWidth > 0), { once: true });
        el.addEventListener('error', () => resolve(false), { once: true });
      }),
  );
}

test('the feed, a post and the rooms ask no outside host', async () => {
  const ta = await signInToken(server, seed.a.email);
  // A host naming a picture on a tracking host: the server tries to fetch a
  // copy (and cannot: nothing outside is reachable here); members never ask it.
  const res = await fetch(`${server.url}/api/v1/rooms`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ta}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `Rastreio${token(42, 'R')}`,
      track_preview_url: `${server.url}/api/v1/rooms/demo-track.wav`,
      track_image_url: 'https://rastreador.example/pixel.png',
    }),
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  const tracked = JSON.parse(text);
  assert.equal(tracked.track_image_url, null);

  const { page, context, problems } = await watchedPage(browser);
  const own = new URL(server.url).origin;
  const outside = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== own) outside.push(req.url());
  });
  await signIn(server, page, seed.b);

  // The feed: the linked post's card shows the server's copy.
  const title = token(200, 'T');
  await page.getByText(title).first().waitFor();
  const card = page.getByRole('link', { name: new RegExp(title) }).first();
  const picture = card.locator('img');
  await picture.waitFor();
  assert.match(await picture.getAttribute('src'), /^\/media\/posts\//);
  assert.ok(await loaded(picture), 'the preview picture did not load');

  await page.goto(`${server.url}/post/${seed.linked.id}`);
  await page.getByText(title).first().waitFor();

  // The rooms list: the seeded room shows its copy, the tracked one its icon.
  await page.goto(`${server.url}/listening-rooms`);
  await page.getByText(tracked.name).first().waitFor();
  const art = page.locator(`img[src^="/media/"]`).first();
  await art.waitFor();
  assert.ok(await loaded(art), 'the room picture did not load');

  await page.goto(`${server.url}/listening-room/${tracked.id}`);
  await page.getByText(tracked.name).first().waitFor();
  await page.goto(`${server.url}/listening-room/${seed.room.id}`);
  await page.locator(`img[src^="/media/"]`).first().waitFor();
  await page.waitForLoadState('networkidle');

  // The linked post's card and the rooms list at a phone, a tablet and a
  // laptop size: never wider than the window; pictures kept to look at.
  const shots = path.join(artifacts, 'outside-hosts');
  mkdirSync(shots, { recursive: true });
  for (const size of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    for (const [name, route, ready] of [
      ['post', `/post/${seed.linked.id}`, page.getByText(title).first()],
      ['rooms', '/listening-rooms', page.getByText(tracked.name).first()],
    ]) {
      await page.goto(`${server.url}${route}`);
      await ready.waitFor();
      await page.locator('img[src^="/media/"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `${name} at ${size.width}: ${wide} px wider than the window`);
      await page.screenshot({ path: path.join(shots, `${name}-${size.width}.png`), fullPage: true });
    }
  }

  assert.deepEqual(outside, [], 'the browser asked hosts other than the app');
  assert.deepEqual(problems, []);
  await context.close();
});
