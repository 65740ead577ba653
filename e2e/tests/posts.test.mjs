// The journey of one post (issue 4): A posts an image with a link and a
// hashtag from the composer; B, already on the feed, gets 'Ver novos posts',
// sees the image and likes it; A sees the like live; B comments on /post/{id}
// and A sees the comment count live; A deletes the post and it leaves B's
// feed and B's open post page live.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { gradientPNG } from '../lib/images.mjs';
import { member, postIdOf, signIn, watch } from '../lib/members.mjs';
import { deleteThroughCard } from '../lib/posts.mjs';

const { server, browser } = await serverAndBrowser();
let site;
let tmp;
/** Requests the link's site received (the server-side fetcher refuses loopback, so none are expected). */
const siteHits = [];

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'social-e2e-posts-'));
  // The page the post links to, with the Open Graph title a preview would show.
  site = createServer((req, res) => {
    siteHits.push(req.url);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html><head><meta property="og:title" content="Artigo de teste">' +
        '<meta property="og:description" content="Um artigo para a prévia"><title>Artigo</title></head><body>ok</body></html>',
    );
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  await new Promise((resolve) => (site ? site.close(resolve) : resolve()));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('image post: banner, image, like, comment, delete, live on both sides', async () => {
  const [a, b] = [await member(server, 'fotografa'), await member(server, 'vizinho')];
  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  await signIn(server, pa.page, a);
  await signIn(server, pb.page, b);
  await pb.page.getByText('Ainda não há posts para mostrar.').waitFor();

  // A picks an image and writes a text with a link and a hashtag.
  const image = path.join(tmp, 'gradiente.png');
  writeFileSync(image, gradientPNG(240, 160));
  await pa.page.getByTestId('image-input').setInputFiles(image);
  await pa.page.getByRole('figure', { name: 'Prévia da mídia' }).getByRole('img', { name: 'gradiente.png' }).waitFor();
  const link = `http://127.0.0.1:${site.address().port}/artigo`;
  const text = `Pôr do sol no Capibaribe ${link} #fotografia`;
  await pa.page.getByRole('textbox', { name: 'O que está acontecendo?' }).fill(text);

  // After 1 s the composer asks the server for the link's preview. The
  // server's SSRF-safe fetcher refuses loopback addresses and has no
  // allow-list setting, so 'Erro: …' is the expected answer; a card would
  // mean the fetch went through.
  const preview = pa.page.getByRole('region', { name: 'Prévia do link' });
  const outcome = preview.getByText(/^Erro: /).or(preview.getByRole('link', { name: /Artigo de teste/ }));
  await outcome.first().waitFor();
  const previewText = (await preview.textContent()) ?? '';
  console.log(`# composer link preview: ${previewText}`);

  await pa.page.getByRole('button', { name: 'Postar' }).click();
  await pa.page.getByText('Post criado!').first().waitFor();
  const cardA = pa.page.getByRole('article').filter({ hasText: 'Pôr do sol no Capibaribe' });
  await cardA.waitFor();
  assert.match((await cardA.textContent()) ?? '', /#fotografia/);

  // B, already on the feed, is told and loads it; the image really loads.
  await pb.page.getByRole('button', { name: 'Ver novos posts' }).click();
  const cardB = pb.page.getByRole('article').filter({ hasText: 'Pôr do sol no Capibaribe' });
  await cardB.waitFor();
  await cardB.getByText('Imagem', { exact: true }).waitFor();
  const img = cardB.getByRole('img', { name: 'Imagem publicada por FOTOGRAFA' });
  await img.waitFor();
  await pb.page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
  assert.equal(await img.evaluate((el) => el.naturalWidth), 240);

  // B likes; A sees the count change without reloading.
  await cardB.getByRole('button', { name: 'Curtir' }).click();
  await cardB.getByRole('button', { name: 'Descurtir' }).waitFor();
  await cardA.getByTestId('like-count').filter({ hasText: /^1$/ }).waitFor();

  // B opens the post's page from the comment count and comments.
  await cardB.getByRole('link', { name: '0 comentários' }).click();
  await pb.page.waitForURL(/\/post\//);
  const id = postIdOf(pb.page.url());
  await pb.page.getByText('Pôr do sol no Capibaribe').first().waitFor();
  const comment = 'Que foto linda!';
  await pb.page.getByRole('textbox', { name: 'Escreva um comentário...' }).fill(comment);
  await pb.page.getByRole('button', { name: 'Comentar' }).click();
  // A first comment offers notifications on this device; B says not now.
  // The offer hides the page behind it, so it is answered first.
  const offer = pb.page.getByRole('dialog', { name: 'Receber notificações?' });
  await offer.getByRole('button', { name: 'Agora não' }).click();
  await offer.waitFor({ state: 'hidden' });
  // In the thread: until the form clears, the text is also the textarea's.
  await pb.page.getByRole('list', { name: 'Comentários' }).getByText(comment).waitFor();

  // A's card counts the comment live (A never reloads).
  await cardA.getByTestId('comment-count').filter({ hasText: /^1$/ }).waitFor();

  // B goes back to the feed; a second tab of B keeps the post's page open.
  await pb.page.goBack();
  await cardB.waitFor();
  const postPage = watch(await pb.context.newPage(), pb.problems);
  await postPage.goto(`${server.url}/post/${id}`);
  await postPage.getByText(comment).waitFor();

  // A deletes: gone at once for A, live from B's feed and B's post page.
  await deleteThroughCard(pa.page, cardA);
  await cardA.waitFor({ state: 'detached' });
  await pa.page.getByText('Post excluído').first().waitFor();
  await cardB.waitFor({ state: 'detached' });
  await postPage.getByText('Post não encontrado.').waitFor();
  // And read again from the server: 404.
  await postPage.reload();
  await postPage.getByText('Post não encontrado.').waitFor();

  console.log(`# requests the link's site received: ${siteHits.length}`);
  assert.deepEqual(pa.problems, []);
  assert.deepEqual(pb.problems, []);
  await pa.context.close();
  await pb.context.close();
});
