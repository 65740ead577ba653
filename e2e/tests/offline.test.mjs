// The app on the bus without signal: a member signs in and browses; with the
// network gone the app reopens (reload) as that member with the feed they
// saw, refuses writes with a clear message, and once the network is back
// goes on (a post goes out) without signing in again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, signIn, signInToken } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

test('offline, the app reopens as the last member with their feed and refuses writes until the network returns', async () => {
  const ana = await member(server, 'ana_offline', 'Ana Offline');
  const token = await signInToken(server, ana.email);
  const res = await fetch(`${server.url}/api/v1/posts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text_content: 'Frevo no Marco Zero, salvo para ler sem sinal', type: 'text', visibility: 'public' }),
  });
  assert.equal(res.status, 201, await res.text());

  const { page, context, problems } = await watchedPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(server, page, ana);
  await page.getByText('Frevo no Marco Zero, salvo para ler sem sinal').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(`${server.url}/notifications`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(`${server.url}/`);
  await page.getByText('Frevo no Marco Zero, salvo para ler sem sinal').waitFor();
  // The saved copy of the queries is written a moment after they settle.
  await page.waitForFunction(() => (localStorage.getItem('social:query-cache') ?? '').includes('Frevo no Marco Zero'));

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/', 'offline, the member was sent away from the feed');
  await page.getByText('Frevo no Marco Zero, salvo para ler sem sinal').waitFor();
  await page.getByRole('status').filter({ hasText: 'Você está offline' }).first().waitFor();

  // Writes are refused, and the member is told why.
  await page.getByRole('textbox', { name: 'O que está acontecendo?' }).fill('Escrito sem sinal');
  assert.equal(await page.getByRole('button', { name: 'Postar' }).isDisabled(), true);
  await page.getByText('Publicar, curtir, comentar e enviar mensagens voltam quando a conexão voltar.').first().waitFor();
  await page.getByRole('button', { name: 'Curtir' }).first().click();
  await page.getByText('Nada foi enviado. Tente de novo quando a conexão voltar.').waitFor();
  // One toast, the offline one: not the like's own failure on top of it.
  await page.waitForTimeout(300);
  assert.equal(await page.locator('[data-sonner-toast]').count(), 1);
  await page.screenshot({ path: path.join(artifacts, 'offline-feed-390.png') });

  // Back online: the same page goes on, signed in, and the post goes out.
  await context.setOffline(false);
  const postar = page.getByRole('button', { name: 'Postar' });
  await page.waitForFunction(() => navigator.onLine);
  await postar.click();
  await page.getByText('Post criado!').first().waitFor();
  await page.getByText('Escrito sem sinal').first().waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  assert.deepEqual(problems, []);
  await context.close();
});
