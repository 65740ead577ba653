// A member's journey with another server of the social web, in Chromium,
// against a Fedify-built peer (e2e/lib/fedify-peer.mjs): the member finds
// the peer's account by its address in search (our server asks the
// peer's WebFinger and fetches the actor), sees it as a remote profile,
// follows it (the peer receives the Follow), reads its post in 'Seguindo'
// and comments on it; the peer receives the comment as a reply to its
// Note. Then the remote profile is shown with worst-case data at the
// three sizes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, signIn } from '../lib/members.mjs';
import { startFedifyPeer } from '../lib/fedify-peer.mjs';
import { token } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser({
  SOCIAL_PLUGINS_FEDERATION_ENABLED: 'true',
  SOCIAL_FEDERATION_ALLOW_LOOPBACK_HTTP: 'true',
});
const peer = await startFedifyPeer();
after(() => peer.close());

/** Presses `retry` until `locator` shows, for at most `ms` (inbox jobs, fan-out). */
async function eventually(locator, retry, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await locator.first().waitFor({ timeout: 1000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await retry();
  }
}

test('a member finds an account of another server by its address, follows it, reads its post and replies', async () => {
  const lia = await member(server, 'lia_fed', 'Lia Federada');
  const { page, context, problems } = await watchedPage(browser);
  await signIn(server, page, lia);

  // Search for the address: the account is looked up on its server.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Explorar' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(`@${peer.handle}`);
  const results = page.getByRole('region', { name: 'Resultados da busca' });
  const found = results.getByRole('link').filter({ hasText: 'Ana do Fedify' });
  await found.waitFor({ timeout: 15_000 });
  assert.match((await found.textContent()) ?? '', new RegExp(`@${peer.handle.replace(/[.]/g, '\\.')}`));
  await found.click();
  await page.waitForURL(`${server.url}/profile/${encodeURIComponent(peer.handle)}`);

  // A remote profile: the badge, the full address, the original page.
  await page.getByRole('heading', { level: 1, name: 'Ana do Fedify' }).waitFor();
  await page.getByText('perfil remoto').waitFor();
  await page.getByText(`@${peer.handle}`, { exact: true }).waitFor();
  const original = page.getByRole('link', { name: /^Ver perfil original em / });
  assert.equal(await original.getAttribute('href'), peer.actorId);
  assert.equal(await original.getAttribute('rel'), 'nofollow noopener ugc');
  assert.equal(await original.getAttribute('target'), '_blank');

  // Follow: the peer receives the Follow from our member's actor.
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
  const offer = page.getByRole('dialog', { name: 'Receber notificações?' });
  // A first follow offers notifications on this device; not now.
  await offer.getByRole('button', { name: 'Agora não' }).click();
  await offer.waitFor({ state: 'hidden' });
  const follow = await peer.waitFor((a) => a.type === 'Follow');
  const liaActor = await peer.discover(`${server.url}/profile/${lia.handle}`);
  assert.equal(follow.actor, liaActor.id.href);

  // The peer posts: it reaches Lia's 'Seguindo', its author linking to the remote profile.
  const note = await peer.post(liaActor, 'Novidade do Fedify para quem me segue');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Início' }).click();
  await page.getByRole('group', { name: 'Ordem dos posts' }).getByRole('button', { name: 'Seguindo' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Novidade do Fedify para quem me segue' });
  await eventually(card, () => page.getByRole('button', { name: 'Atualizar' }).click());
  const author = card.getByRole('link', { name: 'Ana do Fedify' }).last();
  assert.equal(await author.getAttribute('href'), `/profile/${encodeURIComponent(peer.handle)}`);

  // Lia comments: the peer receives a reply to its Note.
  await card.getByRole('link', { name: /comentários$/ }).click();
  await page.waitForURL(/\/post\//);
  const reply = 'Que bom ler você daqui!';
  await page.getByRole('textbox', { name: 'Escreva um comentário...' }).fill(reply);
  await page.getByRole('button', { name: 'Comentar' }).click();
  await page.getByRole('list', { name: 'Comentários' }).getByText(reply).waitFor();
  const create = await peer.waitFor((a) => a.type === 'Create' && a.object?.inReplyTo === note.id.href);
  assert.equal(create.actor, liaActor.id.href);
  assert.equal(create.object.attributedTo, liaActor.id.href);
  assert.match(create.object.content, /Que bom ler você daqui!/);
  assert.deepEqual(peer.failures, []);

  assert.deepEqual(problems, []);
  await context.close();
});

test('a remote profile with worst-case data at the three sizes', async () => {
  const viewer = await member(server, 'rui_fed', 'Rui');
  const longDomain = `servidor-${token(40, 'd')}.exemplo.com.br`;
  const handle = `${token(30, 'u')}@${longDomain}`;
  server.sql(`UPDATE profiles SET handle = '${handle}', display_name = '${token(50, 'W')}',
    bio = '${token(280)}', domain = '${longDomain}', remote_url = 'https://${longDomain}/@${token(30, 'u')}'
    WHERE handle = '${peer.handle}'`);
  const { page, context, problems } = await watchedPage(browser);
  await signIn(server, page, viewer);
  for (const [width, height] of [[390, 844], [768, 1024], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/profile/${encodeURIComponent(handle)}`);
    await page.getByText('perfil remoto').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at ${width}x${height}`);
    await page.screenshot({ path: path.join(artifacts, `remote-profile-${width}.png`) });
  }
  assert.deepEqual(problems, []);
  await context.close();
});
