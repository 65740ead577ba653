// Web Push in the member app: the first follow offers notifications once,
// with our explanation before the browser's own prompt; Configurações turns
// them on for this device against a push endpoint of the test's own, keeps
// each alert on the server and asks for a test push; a push delivered to the
// service worker (DevTools protocol) shows the server's pt-BR notification,
// and its click opens the post.
//
// Chromium's own PushManager.subscribe needs its push service on the
// internet, so the page's PushManager hands out a subscription to the
// test's own push service instead (keys made here, as a browser makes
// them). The server may post to that service on loopback because it is
// named in push.local_services; its log is what the server sent.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { artifacts, serverAndBrowser } from '../lib/harness.mjs';
import { api, member, signIn, signInToken, watch } from '../lib/members.mjs';
import { longHandle, longName, token } from '../lib/worst-case.mjs';

// The push service: it keeps each push's headers and answers 201, as a
// browser's push service accepts a message.
const delivered = [];
const pushService = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    delivered.push({ path: req.url, headers: req.headers, bytes: Buffer.concat(chunks).length });
    res.writeHead(201).end();
  });
});
await new Promise((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const pushAddr = `127.0.0.1:${pushService.address().port}`;
after(() => {
  pushService.closeAllConnections();
  pushService.close();
});

const { server, browser } = await serverAndBrowser({ SOCIAL_PUSH_LOCAL_SERVICES: pushAddr });
const shots = path.join(artifacts, 'push');
mkdirSync(shots, { recursive: true });

const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

// The device's push endpoint, on the test's push service.
const endpoint = `http://${pushAddr}/push/ana-phone`;

// The device's keys, as a browser makes them: a P-256 point and 16 bytes.
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const deviceKeys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

const ana = await member(server, longHandle('ana'), longName('W'));
const bia = await member(server, longHandle('bia'), longName('M'));
const caio = await member(server, longHandle('caio'), longName('C'));
const anaToken = await signInToken(server, ana.email);
const biaToken = await signInToken(server, bia.email);
const post = await api(server, anaToken, 'POST', '/posts', { text_content: token(280), type: 'text', visibility: 'public' });

const context = await browser.newContext({ locale: 'pt-BR', viewport: sizes[0] });
await context.addInitScript(
  ({ endpoint, keys }) => {
    if (!('PushManager' in self)) return;
    let current = null;
    PushManager.prototype.subscribe = async function (options) {
      current = {
        endpoint,
        expirationTime: null,
        options,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current;
    };
    PushManager.prototype.getSubscription = async function () {
      return current;
    };
  },
  { endpoint, keys: deviceKeys },
);
const page = await context.newPage();
const problems = [];
watch(page, problems);
await signIn(server, page, ana);

/** The pushes the server queued for delivery, oldest first: `alert topic`. */
function queuedPushes() {
  const rows = server.sql(`SELECT args->>'alert' || ' ' || (args->>'topic') FROM river_job WHERE kind = 'push.deliver' ORDER BY id`);
  return rows ? rows.split('\n') : [];
}

/** Waits until the push service has received n pushes, and returns their topics. */
async function deliveredTopics(n) {
  for (let i = 0; i < 100 && delivered.length < n; i++) await new Promise((r) => setTimeout(r, 100));
  return delivered.map((d) => d.headers.topic);
}

/** Screenshots of `on` (the journey's page by default) at every size, `region` (when given) scrolled to the top under the header. */
async function shoot(name, region, on = page) {
  await on.mouse.move(0, 0);
  for (const size of sizes) {
    await on.setViewportSize(size);
    if (region) {
      await region.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -72);
      });
    }
    await on.waitForTimeout(150);
    await on.screenshot({ path: path.join(shots, `${name}-${size.width}.png`) });
  }
  await on.setViewportSize(sizes[0]);
}

test('the first follow offers notifications once, and the browser is not asked on a no', async () => {
  await page.goto(`${server.url}/profile/${caio.handle}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const offer = page.getByRole('dialog', { name: 'Receber notificações?' });
  await offer.waitFor();
  await offer.getByText('Você escolhe o que chega e pode desativar quando quiser em Configurações.').waitFor();
  await shoot('offer-after-follow');
  await offer.getByRole('button', { name: 'Agora não' }).click();
  await offer.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => Notification.permission), 'default');
  assert.equal(await page.evaluate(() => localStorage.getItem('social:push-offered')), '1');

  // Another follow, after a reload: not offered again.
  await page.getByRole('button', { name: 'Unfollow', exact: true }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByRole('dialog').count(), 0);
});

test('Configurações turns push on for this device after the explanation, and the server gets the device', async () => {
  await page.goto(`${server.url}/settings`);
  const section = page.getByRole('region', { name: 'Notificações' });
  const main = section.getByRole('switch', { name: 'Notificações neste aparelho' });
  await main.waitFor();
  assert.equal(await main.getAttribute('aria-checked'), 'false');
  await shoot('settings-off', section);
  await main.click();
  const dialog = page.getByRole('dialog', { name: 'Receber notificações?' });
  await dialog.waitFor();
  await shoot('permission-explanation');

  // The browser's prompt comes only now; the member allows it.
  await context.grantPermissions(['notifications'], { origin: server.url });
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/v1/push/subscription') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Ativar notificações' }).click();
  const answer = await subscribed;
  assert.equal(answer.status(), 200);
  const body = await answer.json();
  assert.equal(body.endpoint, endpoint);
  assert.deepEqual(body.alerts, { follow: true, like: true, comment: true, mention: true, message: true, moderation: false });
  assert.equal(
    server.sql(`SELECT endpoint || ' ' || encode(p256dh, 'hex') FROM push_subscriptions s JOIN accounts a ON a.id = s.account_id WHERE a.email = '${ana.email}'`),
    `${endpoint} ${ecdh.getPublicKey('hex')}`,
  );

  await page.getByText('Notificações ativadas', { exact: true }).waitFor();
  assert.equal(await main.getAttribute('aria-checked'), 'true');
  for (const name of ['Novos seguidores', 'Curtidas', 'Comentários', 'Menções', 'Mensagens diretas']) {
    assert.equal(await section.getByRole('switch', { name }).getAttribute('aria-checked'), 'true', name);
  }
  assert.equal(await section.getByRole('switch', { name: 'Moderação' }).count(), 0);
  await page.getByText('Notificações ativadas', { exact: true }).waitFor({ state: 'hidden', timeout: 10_000 });
  await shoot('settings-on', section);

  // The test push is queued for this device.
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/push/subscription/test'));
  await section.getByRole('button', { name: 'Enviar notificação de teste' }).click();
  assert.equal((await sent).status(), 202);
  await page.getByText('Notificação de teste enviada', { exact: true }).waitFor();
  assert.deepEqual(queuedPushes(), ['test test']);
  // It reaches the device's push service as Web Push: encrypted, signed with
  // the server's VAPID key, with its TTL and topic.
  assert.deepEqual(await deliveredTopics(1), ['test']);
  const [push] = delivered;
  assert.equal(push.path, '/push/ana-phone');
  assert.equal(push.headers['content-encoding'], 'aes128gcm');
  assert.match(push.headers.authorization, /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  assert.ok(Number(push.headers.ttl) > 0, `TTL ${push.headers.ttl}`);
  assert.ok(push.bytes > 86, `${push.bytes} bytes`);
});

test('a switch turned off in Configurações changes what the server sends', async () => {
  const section = page.getByRole('region', { name: 'Notificações' });
  const likes = section.getByRole('switch', { name: 'Curtidas' });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/push/subscription') && r.request().method() === 'PUT');
  await likes.click();
  const answer = await saved;
  assert.equal(answer.status(), 200);
  assert.equal((await answer.json()).alerts.like, false);

  await api(server, biaToken, 'PUT', `/posts/${post.id}/like`);
  await api(server, biaToken, 'POST', `/posts/${post.id}/comments`, { text_content: 'Que foto linda!' });
  // The like is in the list but not pushed; the comment is pushed.
  const pushes = queuedPushes();
  assert.deepEqual(pushes.map((p) => p.split(' ')[0]), ['test', 'comment'], pushes.join(', '));
  const topics = await deliveredTopics(2);
  assert.equal(topics.length, 2, topics.join(', '));
  assert.match(topics[1], /^comment-/);

  // The server kept the choice: a new visit reads it back.
  await page.reload();
  await page.getByRole('region', { name: 'Notificações' }).getByRole('switch', { name: 'Curtidas' }).waitFor();
  assert.equal(await page.getByRole('switch', { name: 'Curtidas' }).getAttribute('aria-checked'), 'false');
  assert.equal(await page.getByRole('switch', { name: 'Comentários' }).getAttribute('aria-checked'), 'true');
});

test('a push to the service worker shows the server’s notification, and its click opens the post', async () => {
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
  // The app registers its worker once the page is idle.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

  const cdp = await context.newCDPSession(page);
  const registration = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;

  const payload = {
    id: '0192f000-0000-7000-8000-0000000f00aa',
    type: 'comment',
    title: `${bia.displayName} comentou no seu post`,
    body: token(120, 'M'),
    icon: null,
    url: `/post/${post.id}`,
    tag: `comment-${post.id}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(payload) });

  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        lang: n.lang,
        data: n.data,
      })),
    );
  // The browser may first have to start the worker, which on two busy
  // cores (journeys run two at a time) can take seconds: the notification
  // is waited for up to 20 s (5 s once proved too short).
  let notifications = [];
  for (let i = 0; i < 200 && notifications.length === 0; i++) {
    notifications = await shown();
    if (notifications.length === 0) await page.waitForTimeout(100);
  }
  assert.equal(notifications.length, 1, 'no notification was shown');
  const [note] = notifications;
  assert.equal(note.title, payload.title);
  assert.equal(note.body, payload.body);
  assert.equal(note.tag, payload.tag);
  assert.equal(note.lang, 'pt-BR');
  assert.equal(note.data.url, payload.url);

  // Another push of the same topic replaces it.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: server.url,
    registrationId,
    data: JSON.stringify({ ...payload, title: `${bia.displayName} e outra pessoa comentaram no seu post` }),
  });
  await page.waitForFunction(
    async (title) => {
      const list = await (await navigator.serviceWorker.ready).getNotifications();
      return list.length === 1 && list[0].title === title;
    },
    `${bia.displayName} e outra pessoa comentaram no seu post`,
  );

  // The click: the worker's own notificationclick handler, on the notification it shows.
  const worker = context.serviceWorkers().find((w) => w.url() === `${server.url}/sw.js`);
  assert.ok(worker, 'no service worker in the context');
  await worker.evaluate(async () => {
    const [shownNote] = await self.registration.getNotifications();
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shownNote }));
  });
  await page.waitForURL(`${server.url}/post/${post.id}`);
  await page.getByRole('textbox', { name: 'Escreva um comentário...' }).waitFor();
  await page.waitForFunction(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length === 0);
  await cdp.detach();
  assert.deepEqual(problems, []);
});

test('a blocked permission says how to allow it again; an iPhone outside the installed app is told to install it', async () => {
  const blocked = await browser.newContext({ locale: 'pt-BR', viewport: sizes[0] });
  // The member once answered the browser's prompt with Bloquear.
  await blocked.addInitScript(() => {
    if ('Notification' in self) Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  const blockedPage = await blocked.newPage();
  await signIn(server, blockedPage, bia);
  await blockedPage.goto(`${server.url}/settings`);
  const section = blockedPage.getByRole('region', { name: 'Notificações' });
  await section.getByText('As notificações estão bloqueadas para este site no navegador.').waitFor();
  await section.getByText(/toque no cadeado/).waitFor();
  const main = section.getByRole('switch', { name: 'Notificações neste aparelho' });
  assert.equal(await main.isDisabled(), true);
  await shoot('settings-denied', section, blockedPage);
  await blocked.close();

  const iphone = await browser.newContext({
    locale: 'pt-BR',
    viewport: sizes[0],
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  // Safari outside an installed web app has no PushManager.
  await iphone.addInitScript(() => {
    delete self.PushManager;
  });
  const iphonePage = await iphone.newPage();
  await signIn(server, iphonePage, bia);
  await iphonePage.goto(`${server.url}/settings`);
  const iosSection = iphonePage.getByRole('region', { name: 'Notificações' });
  await iosSection.getByText(/toque em Compartilhar e em “Adicionar à Tela de Início”/).waitFor();
  // No switch for this device's push (the weekly e-mail's switch stays: it needs no push).
  assert.equal(await iosSection.getByRole('switch', { name: 'Notificações neste aparelho' }).count(), 0);
  await shoot('settings-iphone', iosSection, iphonePage);
  await iphone.close();
});
