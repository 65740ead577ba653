// The journey of member safety: A blocks B from B's profile (after the
// confirmation); B's open feed, which got A's live post before, no longer
// gets A's next one, while a third member's still arrives; A mutes a word
// from /settings and a post holding it (in another case, with an accent)
// leaves A's feed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, member, signIn, signInToken } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

/**
 * Records the ids of the posts announced live on feed:public to one page,
 * and whether the server has confirmed that page's subscription to it: a
 * post created before then is never announced to it.
 */
function liveFeedPosts(page) {
  const ids = [];
  const feed = { ids, subscribed: false };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/v1/realtime')) return;
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload));
      if (message.type === 'subscribed' && [message.topic, ...(message.topics ?? [])].includes('feed:public')) {
        feed.subscribed = true;
      }
      if (message.type === 'event' && message.topic === 'feed:public' && message.event?.type === 'post.created') {
        ids.push(message.event.data.id);
      }
    });
  });
  return feed;
}

/** Waits until `holds()` is true, failing with `message` after `ms`. */
async function until(holds, message, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!holds()) {
    assert.ok(Date.now() < deadline, message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the server has confirmed the page's subscription to feed:public. */
const subscribed = (feed) => until(() => feed.subscribed, 'the feed never subscribed to feed:public');

/** Waits until `ids` holds `id`. */
const arrives = (ids, id) => until(() => ids.includes(id), `post ${id} never arrived live`);

test('a block stops live posts between the two; a muted word hides a post from the feed', async () => {
  const a = await member(server, 'alice', 'Alice Andrade');
  const b = await member(server, 'bruno', 'Bruno Barros');
  const c = await member(server, 'carla', 'Carla Costa');
  const aToken = await signInToken(server, a.email);
  const cToken = await signInToken(server, c.email);

  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  const liveB = liveFeedPosts(pb.page);
  const seenByB = liveB.ids;
  await signIn(server, pa.page, a);
  await signIn(server, pb.page, b);
  await subscribed(liveB);

  // Before the block, B's open feed hears of A's post.
  const before = await api(server, aToken, 'POST', '/posts', { text_content: 'Antes do bloqueio' });
  await arrives(seenByB, before.id);
  await pb.page.getByRole('button', { name: 'Ver novos posts' }).waitFor();

  // A blocks B from B's profile, confirming in the dialog.
  await pa.page.goto(`${server.url}/profile/${b.handle}`);
  await pa.page.getByRole('heading', { name: 'Bruno Barros' }).waitFor();
  await pa.page.getByRole('button', { name: `Mais opções para @${b.handle}` }).click();
  await pa.page.getByRole('menuitem', { name: `Bloquear @${b.handle}` }).click();
  const dialog = pa.page.getByRole('dialog', { name: `Bloquear @${b.handle}?` });
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await pa.page.getByText('Membro bloqueado').first().waitFor();
  await pa.page.getByText(`Você bloqueou @${b.handle}`).waitFor();
  await pa.page.getByRole('button', { name: 'Follow', exact: true }).waitFor({ state: 'detached' });

  // B's page stays open: A's next post never arrives, C's does.
  const hidden = await api(server, aToken, 'POST', '/posts', { text_content: 'Depois do bloqueio' });
  const open = await api(server, cToken, 'POST', '/posts', { text_content: 'Post da Carla' });
  await arrives(seenByB, open.id);
  assert.ok(!seenByB.includes(hidden.id), 'A’s post reached B’s socket after the block');
  // Read again, B's feed has neither of A's posts, and C's is there.
  await pb.page.reload();
  await pb.page.getByRole('article').filter({ hasText: 'Post da Carla' }).waitFor();
  assert.equal(await pb.page.getByRole('article').filter({ hasText: 'do bloqueio' }).count(), 0);

  // A mutes a word from /settings; C's post holding it, with an accent
  // and in capitals, leaves A's feed; C's other post stays.
  await api(server, cToken, 'POST', '/posts', { text_content: 'Hoje tem FUTEBÓL na praça' });
  await pa.page.goto(server.url);
  await pa.page.getByRole('article').filter({ hasText: 'na praça' }).waitFor();
  await pa.page.goto(`${server.url}/settings`);
  const privacy = pa.page.getByRole('region', { name: 'Privacidade e segurança' });
  await privacy.getByText('Nenhuma palavra silenciada.').waitFor();
  // The blocked member is listed, with its undo.
  await privacy.getByRole('list', { name: 'Membros bloqueados' }).getByRole('button', { name: `Desbloquear @${b.handle}` }).waitFor();
  await privacy.getByLabel('Palavra ou expressão').fill('futebol');
  await privacy.getByLabel('Por quanto tempo').selectOption({ label: '7 dias' });
  await privacy.getByRole('button', { name: 'Silenciar palavra' }).click();
  await privacy.getByRole('list', { name: 'Palavras silenciadas' }).getByText('futebol').waitFor();
  await pa.page.goto(server.url);
  await pa.page.getByRole('article').filter({ hasText: 'Post da Carla' }).waitFor();
  assert.equal(await pa.page.getByRole('article').filter({ hasText: 'na praça' }).count(), 0);

  for (const p of [pa, pb]) assert.deepEqual(p.problems, []);
});
