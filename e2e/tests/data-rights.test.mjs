// Data rights (LGPD art. 18): A asks for a copy of their data in
// /settings, watches it being prepared, downloads the archive and finds
// their profile and the like they gave in it. A then deletes the account
// with their password and is signed out; B, who followed A and whose post
// A liked, sees the count of whom they follow and the post's likes fall. Last,
// 'Seus dados' with worst-case data (a 50-character name, a 30-character
// handle) at the three sizes, ready archive and deletion dialog included,
// saved as screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, member, password, signIn, signInToken } from '../lib/members.mjs';
import { longHandle, longName } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser();

/** The files of a zip archive, by name (stored and deflated entries). */
function unzip(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  assert.ok(end >= 0, 'not a zip archive');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'central directory');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

test('A downloads their data, deletes the account, and B sees the counts fall', async () => {
  const a = await member(server, 'ana_dados', 'Ana Dados');
  const b = await member(server, 'bia_dados', 'Bia Dados');
  const ta = await signInToken(server, a.email);
  const tb = await signInToken(server, b.email);
  const post = await api(server, tb, 'POST', '/posts', { text_content: 'Post da Bia para curtir' });
  await api(server, tb, 'POST', '/profiles/ana_dados/follow');
  await api(server, ta, 'PUT', `/posts/${post.id}/like`);
  await api(server, ta, 'POST', '/posts', { text_content: 'Post da Ana' });

  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  await signIn(server, pa.page, a);
  await signIn(server, pb.page, b);

  // B follows one member, and their post has one like.
  await pb.page.goto(`${server.url}/profile/bia_dados`);
  const following = pb.page.getByRole('button', { name: /Following/ });
  assert.match((await following.textContent()) ?? '', /^1\s*Following/);
  await pb.page.goto(`${server.url}/post/${post.id}`);
  const likes = pb.page.getByTestId('like-count').first();
  await likes.waitFor();
  assert.equal(await likes.textContent(), '1');

  // A asks for the data and downloads the archive.
  await pa.page.goto(`${server.url}/settings`);
  const data = pa.page.getByRole('region', { name: 'Seus dados' });
  await data.getByRole('button', { name: 'Pedir meus dados' }).click();
  await pa.page.getByText('Pedido recebido').first().waitFor();
  const archive = data.getByRole('button', { name: /Baixar arquivo de dados/ });
  await archive.waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([pa.page.waitForEvent('download'), archive.click()]);
  const saved = path.join(artifacts, 'data-rights-archive.zip');
  await download.saveAs(saved);
  const files = unzip(readFileSync(saved));
  const profile = JSON.parse(files.get('profile.json').toString('utf8'));
  assert.equal(profile.nome_de_usuario, 'ana_dados');
  assert.equal(profile.email, a.email);
  const liked = JSON.parse(files.get('likes.json').toString('utf8'));
  assert.deepEqual(liked.map((l) => l.post_id), [post.id]);
  const posts = JSON.parse(files.get('posts.json').toString('utf8'));
  assert.deepEqual(posts.map((p) => p.texto), ['Post da Ana']);
  const followersOfA = JSON.parse(files.get('followers.json').toString('utf8'));
  assert.deepEqual(followersOfA.map((f) => f.nome_de_usuario), ['bia_dados']);
  // A second request waits for the next day.
  assert.equal(await data.getByRole('button', { name: 'Pedir um novo arquivo' }).isDisabled(), true);

  // A deletes the account: a wrong password first, then the right one.
  await data.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = pa.page.getByRole('dialog', { name: 'Excluir sua conta?' });
  await dialog.getByLabel('Sua senha').fill('nao-e-essa');
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await dialog.getByText('Senha incorreta.').waitFor();
  await dialog.getByLabel('Sua senha').fill(password);
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await pa.page.waitForURL('**/auth', { timeout: 15_000 });
  await pa.page.getByRole('tab', { name: 'Entrar' }).waitFor();

  // B's counts fall once the account's content is gone.
  const deadline = Date.now() + 30_000;
  for (;;) {
    await pb.page.goto(`${server.url}/profile/bia_dados`);
    const text = (await pb.page.getByRole('button', { name: /Following/ }).textContent()) ?? '';
    if (/^0\s*Following/.test(text)) break;
    assert.ok(Date.now() < deadline, `following still ${text}`);
    await pb.page.waitForTimeout(500);
  }
  await pb.page.goto(`${server.url}/post/${post.id}`);
  await pb.page.getByTestId('like-count').first().waitFor();
  assert.equal(await pb.page.getByTestId('like-count').first().textContent(), '0');
  // A's profile is gone, and A cannot sign in again.
  await pb.page.goto(`${server.url}/profile/ana_dados`);
  await pb.page.getByText('Profile not found').first().waitFor();
  const again = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password }),
  });
  assert.equal(again.status, 401);

  assert.deepEqual(pa.problems, []);
  assert.deepEqual(pb.problems, []);
  await pa.context.close();
  await pb.context.close();
});

test('worst case: Seus dados at 390, 768 and 1280 wide', async () => {
  const m = await member(server, longHandle('dados'), longName('W'));
  const p = await watchedPage(browser);
  await signIn(server, p.page, m);
  await p.page.goto(`${server.url}/settings`);
  const data = p.page.getByRole('region', { name: 'Seus dados' });
  await data.getByRole('button', { name: 'Pedir meus dados' }).click();
  await data.getByRole('button', { name: /Baixar arquivo de dados/ }).waitFor({ timeout: 30_000 });
  for (const [name, size] of [['390', { width: 390, height: 844 }], ['768', { width: 768, height: 1024 }], ['1280', { width: 1280, height: 800 }]]) {
    await p.page.setViewportSize(size);
    await p.page.goto(`${server.url}/settings`);
    await data.getByRole('button', { name: /Baixar arquivo de dados/ }).waitFor();
    await data.scrollIntoViewIfNeeded();
    await p.page.screenshot({ path: path.join(artifacts, `data-rights-settings-${name}.png`), fullPage: true });
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: the page is ${overflow}px wider than the window`);

    await data.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Excluir sua conta?' });
    await dialog.waitFor();
    await dialog.getByLabel('Sua senha').fill('errada');
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
    await dialog.getByText('Senha incorreta.').waitFor();
    await p.page.screenshot({ path: path.join(artifacts, `data-rights-delete-${name}.png`) });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  assert.deepEqual(p.problems, []);
  await p.context.close();
});
