// Two members on the feed: A posts from the composer; B, already on the
// feed, sees 'Ver novos posts', loads it and likes the post; A sees the like
// count change live. (Part of issue 4's journey: images, comments and delete
// come with the rest of the feature.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer, watchedPage } from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const password = 'Senha123forte';

/** Signs a member up and confirms them through the API and the dev outbox. */
async function member(handle) {
  const email = `${handle}@example.com`;
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, password_confirmation: password, display_name: handle.toUpperCase(), handle }),
  });
  assert.equal(res.status, 201, await res.text());
  const filter = encodeURIComponent(JSON.stringify({ to: email }));
  const mails = await (await fetch(`${server.url}/api/v1/admin/mail?filter=${filter}`)).json();
  const link = mails[0].body_text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)[0];
  const confirmed = await fetch(link, { redirect: 'manual' });
  assert.equal(confirmed.status, 303);
  return { email, handle };
}

/** Signs in through the form and waits for the feed. */
async function signIn(page, m) {
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('tabpanel', { name: 'Entrar' });
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
}

test('A posts, B sees the banner and likes, A sees the like live', async () => {
  const [a, b] = [await member('autora'), await member('leitor')];
  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  await signIn(pa.page, a);
  await signIn(pb.page, b);
  await pb.page.getByText('Ainda não há posts para mostrar.').waitFor();

  // A writes: the counter follows, 'Postar' publishes.
  const text = 'Bom dia, Recife! #cafe com pão de queijo';
  const box = pa.page.getByRole('textbox', { name: 'O que está acontecendo?' });
  await box.fill(text);
  await pa.page.getByText(String(280 - text.length)).first().waitFor();
  await pa.page.getByRole('button', { name: 'Postar' }).click();
  await pa.page.getByText('Post criado!').first().waitFor();
  const cardA = pa.page.getByRole('article').filter({ hasText: text });
  await cardA.waitFor();

  // B, who was already on the feed, is told and loads it.
  await pb.page.getByRole('button', { name: 'Ver novos posts' }).click();
  const cardB = pb.page.getByRole('article').filter({ hasText: text });
  await cardB.waitFor();
  await cardB.getByRole('button', { name: 'Curtir' }).click();
  await cardB.getByRole('button', { name: 'Descurtir' }).waitFor();
  assert.equal(await cardB.getByTestId('like-count').textContent(), '1');

  // A sees the count change without reloading.
  await cardA.getByTestId('like-count').filter({ hasText: '1' }).waitFor();
  // A never got a banner for their own post.
  assert.equal(await pa.page.getByRole('button', { name: 'Ver novos posts' }).count(), 0);

  assert.deepEqual(pa.problems, []);
  assert.deepEqual(pb.problems, []);
  await pa.context.close();
  await pb.context.close();
});
