// A screen whose read fails says so and offers to read it again, the same
// way on every screen: the feature's message announced as an alert and a
// 'Tentar novamente' button that, once the server answers again, brings the
// content back. Each screen is shown failing at a phone, a tablet and a
// laptop size, with the longest names and words the rules allow; the
// pictures are kept for a person to look at.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { signIn } from '../lib/members.mjs';
import { seedWorstCase } from '../lib/worst-case.mjs';

const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];
const shots = path.join(artifacts, 'read-failures');

const { server, browser } = await serverAndBrowser();
let seed;

before(async () => {
  seed = await seedWorstCase(server);
  mkdirSync(shots, { recursive: true });
});

/** Each screen: its route, the read that fails (a GET whose path is exactly it), the message, and what shows once it is read. */
function screens() {
  const { open, post, a } = seed;
  return [
    { name: 'post', url: `/post/${post.id}`, api: `/api/v1/posts/${post.id}`, message: 'Não foi possível carregar o post.' },
    { name: 'profile-posts', url: '/profile', api: `/api/v1/profiles/${a.handle}/posts`, message: 'Não foi possível carregar os posts.' },
    { name: 'sessions', url: '/settings', api: '/api/v1/auth/sessions', message: 'Não foi possível carregar suas sessões.' },
    { name: 'stories', url: '/stories', api: '/api/v1/stories', message: 'Não foi possível carregar os stories.' },
    { name: 'messages', url: '/messages', api: '/api/v1/messages/conversations', message: 'Não foi possível carregar as conversas.' },
    { name: 'communities', url: '/communities', api: '/api/v1/communities', message: 'Não foi possível carregar as comunidades.' },
    { name: 'community', url: `/communities/${open.id}`, api: `/api/v1/communities/${open.id}`, message: 'Não foi possível carregar a comunidade.' },
    {
      name: 'community-posts', url: `/communities/${open.id}`, api: '/api/v1/feed',
      message: 'Não foi possível carregar os posts da comunidade.',
    },
    { name: 'rooms', url: '/listening-rooms', api: '/api/v1/rooms', message: 'Não foi possível carregar as salas.' },
  ];
}

// One page load a screen: the failure is shown at each size in turn (a
// resize, as a turned tablet does), and read again once.
test('a failed read says so and reads again on request, at 390, 768 and 1280 wide', async () => {
  const { page, problems } = await watchedPage(browser);
  await page.setViewportSize(sizes[0]);
  await signIn(server, page, seed.a);
  for (const screen of screens()) {
    let failing = true;
    const fail = async (route) => {
      const url = new URL(route.request().url());
      if (!failing || route.request().method() !== 'GET' || url.pathname !== screen.api) return route.fallback();
      return route.fulfill({
        status: 500, contentType: 'application/problem+json',
        body: JSON.stringify({ status: 500, title: 'Internal Server Error', code: 'internal', detail: 'Erro interno.' }),
      });
    };
    await page.setViewportSize(sizes[0]);
    await page.route('**/api/v1/**', fail);
    await page.goto(`${server.url}${screen.url}`);
    const alert = page.getByRole('alert').filter({ hasText: screen.message });
    await alert.waitFor({ timeout: 30_000 });
    const retry = alert.getByRole('button', { name: 'Tentar novamente' });
    for (const size of sizes) {
      await page.setViewportSize(size);
      assert.ok(await retry.isVisible(), `${screen.name}: the retry button at ${size.width}`);
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `${screen.name}-${size.width}.png`) });
    }

    failing = false;
    await retry.click();
    await alert.waitFor({ state: 'detached', timeout: 15_000 });
    await page.unroute('**/api/v1/**', fail);
  }
  // The failures above were made on purpose; nothing else may have gone wrong.
  const unexpected = problems.filter((p) => !/\b500\b|Internal Server Error/.test(p));
  assert.deepEqual(unexpected, []);
});
