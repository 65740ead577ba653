// The journey of stories: A follows B; B posts a story from /stories; A,
// already on /stories, gets it live as a ring (unseen), opens it full-screen
// (which records the view), and B's view count rises live from 0 to 1. A
// second opening changes nothing: each member counts once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, signIn } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

test('B posts a story, A sees the ring, opens it, and B sees the count rise', async () => {
  const a = await member(server, 'alice', 'Alice Prado');
  const b = await member(server, 'bruno', 'Bruno Lima');
  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  await signIn(server, pa.page, a);
  await signIn(server, pb.page, b);

  // A follows B from B's profile. The button turns at once, before the
  // server answers; the page is left only once the follow is stored.
  await pa.page.goto(`${server.url}/profile/${b.handle}`);
  const followed = pa.page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/profiles/${b.handle}/follow`));
  await pa.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await pa.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
  assert.equal((await followed).status(), 200);

  await pa.page.goto(`${server.url}/stories`);
  await pa.page.getByText('Nenhum story por aqui. Siga pessoas ou publique o seu!').waitFor();

  // B publishes a story.
  await pb.page.goto(`${server.url}/stories`);
  await pb.page.getByRole('button', { name: 'Create Story' }).click();
  const composer = pb.page.getByRole('dialog', { name: 'Novo story' });
  await composer.getByLabel('Texto do story').fill('Frevo no Marco Zero hoje!');
  await composer.getByText('25/280').waitFor();
  await composer.getByRole('button', { name: 'Publicar' }).click();
  await pb.page.getByText('Story publicado').first().waitFor();
  const own = pb.page.getByRole('listitem').filter({ hasText: 'Frevo no Marco Zero hoje!' });
  await own.getByText('0 views').waitFor();

  // A, without reloading: the story arrives as an unseen ring.
  const tile = pa.page.getByRole('listitem').filter({ has: pa.page.getByRole('button', { name: 'Abrir story de Bruno Lima' }) });
  await tile.waitFor();
  assert.equal(await tile.getAttribute('data-viewed'), 'false');
  assert.match(await tile.getAttribute('class'), /ring-primary/);
  assert.equal(await tile.getByText(/views/).count(), 0, 'a follower sees no view count');

  // A opens it full-screen; the view is recorded and the ring turns seen.
  await tile.getByRole('button').click();
  const viewer = pa.page.getByRole('dialog', { name: 'Story de Bruno Lima' });
  await viewer.getByText('Frevo no Marco Zero hoje!').waitFor();
  await viewer.getByText(/1 de 1/).waitFor();
  await pa.page.waitForFunction(() => document.querySelector('li[data-viewed="true"]') !== null);

  // B, without reloading: the count rose to 1.
  await own.getByText('1 views').waitFor();

  // A opens it again after a reload: still one view.
  await pa.page.keyboard.press('Escape');
  await pa.page.reload();
  const again = pa.page.getByRole('listitem').filter({ has: pa.page.getByRole('button', { name: 'Abrir story de Bruno Lima' }) });
  await again.waitFor();
  assert.equal(await again.getAttribute('data-viewed'), 'true');
  await again.getByRole('button').click();
  await pa.page.getByRole('dialog', { name: 'Story de Bruno Lima' }).waitFor();
  await pb.page.reload();
  await pb.page.getByRole('listitem').filter({ hasText: 'Frevo no Marco Zero hoje!' }).getByText('1 views').waitFor();

  // B, the author, sees who viewed it.
  await pb.page.getByRole('button', { name: 'Você: abrir o seu story' }).click();
  const viewers = pb.page.getByRole('region', { name: 'Quem viu' });
  await viewers.getByText('Alice Prado').waitFor();

  assert.deepEqual([...pa.problems, ...pb.problems], []);
});
