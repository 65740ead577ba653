// A community's post is a post: in a closed community, a member comments
// on the owner's post from its page, edits their own post, shares (the
// link is copied), translates and reports the owner's post, all with the
// feed's own card. A signed-in stranger who has the post's link finds no
// post there, and no trace of it in the feeds or on the author's profile.
// Translation goes to a LibreTranslate server on this machine (the
// provider's wire format).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, member, signIn, signInToken } from '../lib/members.mjs';

/** POST /translate {q, target} -> {"translatedText"}, as LibreTranslate answers. */
function startTranslator() {
  return new Promise((resolve) => {
    const srv = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { q, target } = JSON.parse(body || '{}');
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ translatedText: `[${target}] ${q.replace('Ensaio', 'Rehearsal')}` }));
      });
    });
    srv.listen(0, '127.0.0.1', () => resolve(srv));
  });
}

const translator = await startTranslator();
after(() => translator.close());
const { server, browser } = await serverAndBrowser({
  SOCIAL_TRANSLATE_PROVIDER: 'libretranslate',
  SOCIAL_TRANSLATE_URL: `http://127.0.0.1:${translator.address().port}`,
});

test('a closed community post: a member comments, edits, shares, translates and reports it; a stranger sees nothing', async () => {
  const owner = await member(server, 'dona', 'Dona Lúcia');
  const b = await member(server, 'beto', 'Beto Passista');
  const stranger = await member(server, 'caio', 'Caio de Fora');

  // The setting, through the API: a closed community, B approved, the owner's post.
  const ownerToken = await signInToken(server, owner.email);
  const bToken = await signInToken(server, b.email);
  const strangerToken = await signInToken(server, stranger.email);
  const community = await api(server, ownerToken, 'POST', '/communities', { name: 'Clube do Frevo', privacy: 'closed' });
  const ask = await api(server, bToken, 'POST', `/communities/${community.id}/join`);
  await api(server, ownerToken, 'POST', `/communities/${community.id}/members/${ask.membership.id}/approve`);
  // The stranger follows the owner: following is no way into the community.
  await api(server, strangerToken, 'POST', `/profiles/${owner.handle}/follow`);
  const ownerText = 'Ensaio do bloco no sábado, 16h, no Marco Zero #frevo';
  const ownerPost = await api(server, ownerToken, 'POST', '/posts', { text_content: ownerText, audience_id: community.id });
  await api(server, ownerToken, 'POST', '/posts', { text_content: 'Bom dia, Recife!' });

  const pb = await watchedPage(browser);
  await pb.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signIn(server, pb.page, b);
  const page = pb.page;
  await page.goto(`${server.url}/communities/${community.id}`);
  await page.getByRole('heading', { name: 'Posts da Comunidade' }).waitFor();

  // B posts, then edits the post in place.
  await page.getByRole('textbox', { name: 'O que está acontecendo?' }).fill('Primeira vez no bloco!');
  await page.getByRole('button', { name: 'Postar' }).click();
  // B's only post (cards are named by their author): the text changes under edit.
  const mine = page.getByRole('article', { name: 'Beto Passista' });
  await mine.getByText('Primeira vez no bloco!').waitFor();
  await mine.getByRole('button', { name: 'Mais opções' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const field = mine.getByRole('textbox', { name: 'Editar texto do post' });
  await field.fill('Primeira vez no bloco, com sombrinha!');
  await mine.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Post atualizado').first().waitFor();
  await mine.getByText('Primeira vez no bloco, com sombrinha!').waitFor();

  // The owner's post: the feed's card, with share, translation and report.
  const theirs = page.getByRole('article', { name: 'Dona Lúcia' });
  await theirs.getByText('Ensaio do bloco').waitFor();
  // The share is counted in the background once the link is copied.
  const counted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/posts/${ownerPost.id}/share`));
  await theirs.getByRole('button', { name: 'Compartilhar' }).click();
  await page.getByText('Link copiado!').first().waitFor();
  assert.equal((await counted).status(), 200);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${server.url}/post/${ownerPost.id}`);
  await theirs.getByRole('button', { name: 'Traduzir' }).click();
  // In the browser's language, from the provider.
  await theirs.getByText(/^\[[a-z-]+\] Rehearsal do bloco/).waitFor();
  await theirs.getByRole('button', { name: 'Mais opções' }).click();
  assert.equal(await page.getByRole('menuitem', { name: 'Editar' }).count(), 0);
  await page.getByRole('menuitem', { name: 'Denunciar' }).click();
  await page.getByText('Denúncia enviada').first().waitFor();

  // B comments from the post's page, the link the share copied.
  await theirs.getByRole('link', { name: /comentários?/ }).click();
  await page.waitForURL(`${server.url}/post/${ownerPost.id}`);
  await page.getByRole('textbox', { name: 'Escreva um comentário...' }).fill('Vou levar a sombrinha!');
  await page.getByRole('button', { name: 'Comentar' }).click();
  // In the thread: until the form clears, the text is also the textarea's.
  await page.getByRole('list', { name: 'Comentários' }).getByText('Vou levar a sombrinha!').waitFor();

  const shown = await api(server, bToken, 'GET', `/posts/${ownerPost.id}`);
  assert.equal(shown.comment_count, 1);
  assert.equal(shown.share_count, 1);
  assert.equal(shown.visibility, 'members_only');
  assert.equal(shown.audience_id, community.id);

  // The stranger, signed in, opens the post's link: no post, and no trace of it elsewhere.
  const ps = await watchedPage(browser);
  await signIn(server, ps.page, stranger);
  await ps.page.goto(`${server.url}/post/${ownerPost.id}`);
  await ps.page.getByText('Post não encontrado.').first().waitFor();
  assert.equal(await ps.page.getByText('Ensaio do bloco').count(), 0);
  assert.equal(await ps.page.getByText('Vou levar a sombrinha!').count(), 0);
  await ps.page.goto(`${server.url}/communities/${community.id}`);
  await ps.page.getByRole('heading', { name: 'Junte-se à comunidade' }).waitFor();
  assert.equal(await ps.page.getByText('Ensaio do bloco').count(), 0);
  await ps.page.goto(`${server.url}/profile/${owner.handle}`);
  // Her public post is there; the community's is not.
  await ps.page.getByText('Bom dia, Recife!').first().waitFor();
  assert.equal(await ps.page.getByText('Ensaio do bloco').count(), 0);
  for (const algorithm of ['chronological', 'following']) {
    const feed = await api(server, strangerToken, 'GET', `/feed?algorithm=${algorithm}`);
    assert.ok(!(feed.items ?? []).some((p) => p.id === ownerPost.id), `${algorithm} feed shows the post`);
  }
  const refused = await fetch(`${server.url}/api/v1/posts/${ownerPost.id}/comments`, {
    headers: { Authorization: `Bearer ${strangerToken}` },
  });
  assert.equal(refused.status, 404);

  assert.deepEqual(pb.problems, []);
  assert.deepEqual(ps.problems, []);
  await pb.context.close();
  await ps.context.close();
});
