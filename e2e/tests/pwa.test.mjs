// The installable app: the manifest names the product and has icons; after
// one visit the service worker keeps the shell, so with the network gone the
// app still opens (and says it is offline) instead of the browser's error
// page. The worker keeps no /api answer and never answers for /admin. A new
// version waits until the member agrees to switch to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { signIn } from '../lib/members.mjs';
import { seedWorstCase } from '../lib/worst-case.mjs';

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
  // The build writes the list into the worker as JSON entries ({"revision":…,"url":…}), addresses relative to the site.
  const shell = [...source.matchAll(/"url":"([^"]+)"/g)].map((m) => new URL(m[1], `${server.url}/`).pathname);
  assert.ok(shell.includes('/') && shell.includes('/icons/icon-192.png'), `shell: ${shell.join(', ')}`);
  for (const file of shell) {
    assert.equal((await fetch(`${server.url}${file}`)).status, 200, file);
  }
});

/**
 * The app through a front of our own, which can hand out a later build's
 * /sw.js: the browser fetches the worker's script itself, past the page's
 * routes. Everything else (WebSockets too) goes to the server as it came,
 * with the server's own origin, the only one it takes writes from.
 */
async function startFront(target) {
  const upstream = new URL(target);
  let laterBuild = false;
  const front = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    if (headers.origin) headers.origin = upstream.origin;
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      if (laterBuild && req.url === '/sw.js') {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = `${Buffer.concat(chunks).toString()}\n// a later build\n`;
          res.writeHead(answer.statusCode, { ...answer.headers, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
        return;
      }
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  front.on('upgrade', (req, socket, head) => {
    const upstreamSocket = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries({ ...req.headers, host: upstream.host, ...(req.headers.origin ? { origin: upstream.origin } : {}) });
      upstreamSocket.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      upstreamSocket.write(head);
      upstreamSocket.pipe(socket);
      socket.pipe(upstreamSocket);
    });
    upstreamSocket.on('error', () => socket.destroy());
    socket.on('error', () => upstreamSocket.destroy());
  });
  await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${front.address().port}`,
    release: () => { laterBuild = true; },
    close: () => new Promise((resolve) => { front.closeAllConnections(); front.close(resolve); }),
  };
}

test('a new version waits for the member, and Atualizar switches to it', async () => {
  const { a } = await seedWorstCase(server);
  const front = await startFront(server.url);
  const { page, context, problems } = await watchedPage(browser);
  try {
    await signIn({ url: front.url }, page, a);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // The next build: the same worker with other bytes, which is what the browser compares.
    front.release();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const prompt = page.getByRole('region', { name: 'Nova versão disponível' });
    await prompt.waitFor();
    await prompt.getByText('Atualize para usar a versão mais recente.').waitFor();
    for (const size of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      const box = await prompt.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= size.width, `the prompt leaves the screen at ${size.width}`);
      await page.screenshot({ path: path.join(artifacts, `pwa-update-prompt-${size.width}.png`) });
    }

    // The page keeps running the version it loaded until the member agrees.
    await page.waitForTimeout(500);
    assert.equal(await prompt.count(), 1);
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Atualizar' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
    assert.equal(await prompt.count(), 0);
    const waiting = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null));
    assert.equal(waiting, false);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await front.close();
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
