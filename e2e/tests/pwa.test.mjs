// The installable app: the manifest names the product and has icons; after
// one visit the service worker keeps the shell, so with the network gone the
// app still opens (and says it is offline) instead of the browser's error
// page. The worker keeps no /api answer and never answers for /admin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';

const { server, browser } = await serverAndBrowser();

test('the manifest and the worker are served as an installable app needs', async () => {
  const manifest = await fetch(`${server.url}/manifest.webmanifest`);
  assert.equal(manifest.status, 200);
  assert.match(manifest.headers.get('content-type'), /^application\/manifest\+json/);
  const body = await manifest.json();
  assert.equal(body.name, 'social');
  assert.equal(body.display, 'standalone');
  assert.equal(body.start_url, '/');
  for (const size of ['192x192', '512x512']) {
    const icon = body.icons.find((i) => i.sizes === size && i.type === 'image/png');
    assert.ok(icon, `no ${size} icon`);
    const res = await fetch(`${server.url}${icon.src}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
  }
  const sw = await fetch(`${server.url}/sw.js`);
  assert.equal(sw.status, 200);
  assert.match(sw.headers.get('content-type'), /javascript/);
  // The browser must ask for it again on every update check.
  assert.equal(sw.headers.get('cache-control'), 'no-cache');
  // Every file the worker keeps exists: one missing file fails its install.
  const source = await sw.text();
  const shell = JSON.parse(JSON.parse(source.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)[1]));
  assert.ok(shell.includes('/') && shell.includes('/icons/icon-192.png'), `shell: ${shell.join(', ')}`);
  for (const file of shell) {
    assert.equal((await fetch(`${server.url}${file}`)).status, 200, file);
  }
});

test('after one visit the app opens offline from the service worker', async () => {
  const { page, context, problems } = await watchedPage(browser);
  await page.goto(`${server.url}/auth`);
  await page.getByRole('tab', { name: 'Entrar' }).waitFor();
  // The worker installed (every shell file fetched), activated and claimed the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const kept = await page.evaluate(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  assert.ok(kept.includes('/'), `the shell is not kept: ${kept.join(', ')}`);
  assert.ok(kept.some((p) => p.startsWith('/assets/') && p.endsWith('.js')), 'no script kept');
  assert.deepEqual(kept.filter((p) => p.startsWith('/api') || p.startsWith('/admin') || p.startsWith('/media/')), []);

  await context.setOffline(true);
  // Offline, any page of the app is the kept shell, routed in the browser.
  await page.goto(`${server.url}/auth`);
  await page.getByRole('tab', { name: 'Entrar' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Você está offline' }).waitFor();
  // The API is not served from any cache: it fails like the network does.
  const api = await page.evaluate(() => fetch('/api/v1/meta').then((r) => r.status, () => 'network error'));
  assert.equal(api, 'network error');

  await context.setOffline(false);
  await page.reload();
  await page.getByRole('tab', { name: 'Entrar' }).waitFor();
  assert.equal(await page.getByText('Você está offline').count(), 0);

  // With the server itself gone, the shell still comes from the worker.
  await server.stop();
  const shell = await page.goto(`${server.url}/`);
  assert.ok(shell.fromServiceWorker(), 'the page did not come from the service worker');
  await page.getByRole('tab', { name: 'Entrar' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
