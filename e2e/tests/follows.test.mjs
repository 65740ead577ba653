// The journey of follows (issue 5): B follows A from A's profile and A is
// notified live (badge and list); A's followers-only post reaches B's
// 'Seguindo' timeline and nobody else; B finds A by searching the display
// name without its accents; C follows a hashtag's link to its search, which
// the search screen also suggests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, postIdOf, signIn } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

/** Presses `retry` until `locator` shows, for at most `ms` (background jobs: fan-out, indexing). */
async function eventually(locator, retry, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (let retries = 0; ; retries++) {
    try {
      await locator.first().waitFor({ timeout: 1000 });
      return retries;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await retry();
  }
}

const tabs = (page) => page.getByRole('group', { name: 'Ordem dos posts' });

test('follow, live notification, followers-only post, search without accents, a hashtag searched', async () => {
  const a = await member(server, 'anac', 'Ana Conceição');
  const b = await member(server, 'bruno');
  const c = await member(server, 'carla');
  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  const pc = await watchedPage(browser);
  await signIn(server, pa.page, a);
  await signIn(server, pb.page, b);

  // A waits on the notifications screen, reached through the side bar.
  const navA = pa.page.getByRole('navigation', { name: 'Menu principal' });
  await navA.getByRole('link', { name: /^Notificações/ }).click();
  await pa.page.getByText('No notifications yet').waitFor();

  // B follows A from A's profile.
  await pb.page.goto(`${server.url}/profile/${a.handle}`);
  await pb.page.getByRole('heading', { name: 'Ana Conceição' }).waitFor();
  await pb.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await pb.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
  // A first follow offers notifications on this device; B says not now.
  const offer = pb.page.getByRole('dialog', { name: 'Receber notificações?' });
  await offer.getByRole('button', { name: 'Agora não' }).click();
  await offer.waitFor({ state: 'hidden' });

  // A, without reloading: the follow arrives in the list and the badge says 1.
  const list = pa.page.getByRole('list', { name: 'Lista de notificações' });
  const row = list.getByRole('listitem').filter({ hasText: 'Novo seguidor' });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /BRUNO/);
  await navA.getByRole('link', { name: /^Notificações.*1 notificação não lida$/ }).waitFor();

  // A posts for followers only from /create-post, then a public post from the composer.
  await navA.getByRole('link', { name: 'Criar' }).click();
  const secret = 'Só para quem me segue: ensaio amanhã às 19h';
  await pa.page.getByLabel('Conteúdo').fill(secret);
  await pa.page.getByLabel('Visibilidade').selectOption({ label: 'Apenas seguidores' });
  await pa.page.getByRole('button', { name: 'Publicar' }).click();
  await pa.page.waitForURL(`${server.url}/`);
  await pa.page.getByText('Post criado!').first().waitFor();
  const open = 'Post público da Ana #ensaioaberto';
  await pa.page.getByRole('textbox', { name: 'O que está acontecendo?' }).fill(open);
  await pa.page.getByRole('button', { name: 'Postar' }).click();
  await pa.page.getByRole('article').filter({ hasText: open }).waitFor();

  // B sees it on 'Seguindo' once the fan-out job has run.
  await pb.page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Início' }).click();
  await pb.page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
  await tabs(pb.page).getByRole('button', { name: 'Seguindo' }).click();
  const secretB = pb.page.getByRole('article').filter({ hasText: secret });
  const refreshB = pb.page.getByRole('button', { name: 'Atualizar' });
  const refreshes = await eventually(secretB, async () => {
    await refreshB.click();
  });
  console.log(`# 'Atualizar' presses before the fan-out reached B: ${refreshes}`);
  const id = postIdOf((await secretB.getByRole('link', { name: /comentários$/ }).getAttribute('href')) ?? '');

  // C sees it nowhere; A's public post shows that each list did load.
  await signIn(server, pc.page, c);
  const publicC = pc.page.getByRole('article').filter({ hasText: open });
  const secretC = pc.page.getByRole('article').filter({ hasText: secret });
  await publicC.waitFor();
  assert.equal(await secretC.count(), 0, "followers-only post in C's 'Recentes'");
  await tabs(pc.page).getByRole('button', { name: 'Em Alta' }).click();
  await tabs(pc.page).locator('[aria-pressed="true"]', { hasText: 'Em Alta' }).waitFor();
  await publicC.waitFor();
  assert.equal(await secretC.count(), 0, "followers-only post in C's 'Em Alta'");
  await tabs(pc.page).getByRole('button', { name: 'Seguindo' }).click();
  await pc.page.getByText('Ainda não há posts para mostrar.').waitFor();
  await pc.page.locator('[data-slot="badge"]', { hasText: 'Seguindo' }).waitFor();
  assert.equal(await secretC.count(), 0, "followers-only post in C's 'Seguindo'");
  await pc.page.goto(`${server.url}/post/${id}`);
  await pc.page.getByText('Post não encontrado.').waitFor();

  // B finds A by the display name typed without accents.
  await pb.page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Explorar' }).click();
  const box = pb.page.getByPlaceholder('Search for people, communities, or posts...');
  const results = pb.page.getByRole('region', { name: 'Resultados da busca' });
  const found = results.getByRole('link').filter({ hasText: 'Ana Conceição' });
  await box.fill('conceicao');
  const searches = await eventually(found, async () => {
    // Indexing is a background job: type again to search again.
    await box.fill('');
    await box.fill('conceicao');
  });
  console.log(`# searches repeated before the index had A: ${searches}`);
  assert.match((await found.textContent()) ?? '', /@anac/);
  await found.click();
  await pb.page.waitForURL(`${server.url}/profile/${a.handle}`);

  // C follows the public post's hashtag: the search opens on it, in the
  // URL, and finds the post; emptied, the box suggests the week's hashtags.
  await pc.page.goto(`${server.url}/`);
  await publicC.getByRole('link', { name: '#ensaioaberto' }).click();
  await pc.page.waitForURL(`${server.url}/search?q=%23ensaioaberto`);
  const tagged = pc.page.getByRole('region', { name: 'Resultados da busca' }).getByRole('link').filter({ hasText: 'Post público da Ana' });
  await eventually(tagged, async () => {
    await pc.page.reload();
  });
  await pc.page.getByRole('searchbox', { name: 'Buscar' }).fill('');
  await pc.page.waitForURL(`${server.url}/search`);
  await pc.page.getByRole('region', { name: 'Discover' }).getByRole('button', { name: '#ensaioaberto' }).waitFor();

  assert.deepEqual(pa.problems, []);
  assert.deepEqual(pb.problems, []);
  assert.deepEqual(pc.problems, []);
  await pa.context.close();
  await pb.context.close();
  await pc.context.close();
});
