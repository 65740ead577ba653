// A new member's own demo data: on an empty feed 'Gerar dados de
// demonstração' fills it with three demo posts (and two communities); once
// the demo data is cleared the feed is empty again, the member's own post
// stays, and 'Limpar dados de demonstração' on the empty feed answers
// 'Dados de demonstração removidos.' however often it is pressed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, member, signIn, signInToken } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

test('a member generates demo data and clears it, keeping their own post', async () => {
  const ana = await member(server, 'ana_demo', 'Ana Demo');
  const { page, problems } = await watchedPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(server, page, ana);
  const card = page.getByRole('region', { name: 'Dados de demonstração' });
  await card.getByRole('button', { name: 'Gerar dados de demonstração' }).click();
  await page.getByText('Dados de demonstração criados!').waitFor();
  await page.getByRole('article').nth(2).waitFor();
  assert.equal(await page.getByRole('article').count(), 3);

  // Ana writes a post of her own, then clears the demo data (the card is
  // shown on an empty feed only).
  const bearer = await signInToken(server, ana.email);
  await api(server, bearer, 'POST', '/posts', { text_content: 'Meu próprio post, escrito por mim.' });
  const cleared = await api(server, bearer, 'DELETE', '/demo-data');
  assert.equal(cleared.posts, 3);
  await page.reload();
  await page.getByText('Meu próprio post, escrito por mim.').waitFor();
  assert.equal(await page.getByRole('article').count(), 1);
  const communities = await api(server, bearer, 'GET', '/communities');
  assert.equal(JSON.stringify(communities).includes('Café e Código'), false, 'the demo communities are gone');

  // With her own post deleted the feed is empty: the card's 'Limpar' finds
  // nothing left to clear, and says it is done.
  await api(server, bearer, 'DELETE', `/posts/${server.sql(`SELECT id FROM posts LIMIT 1`)}`);
  await page.reload();
  await card.getByRole('button', { name: 'Limpar dados de demonstração' }).click();
  await page.getByText('Dados de demonstração removidos.').waitFor();
  await page.screenshot({ path: path.join(artifacts, 'demo-data-cleared-phone.png') });
  assert.equal(await page.getByRole('article').count(), 0);
  assert.deepEqual(problems, []);
});
