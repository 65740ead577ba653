// The moderation journey: a member reports a post with 'Denunciar'; an
// administrator signs in to /admin, finds the report in the queue and
// resolves it by removing the post; the member's feed no longer shows it,
// and the audit log tells who removed it and why. Then the plugins' screens:
// stories and conversations, filled with worst-case content, at a phone, a
// tablet and a laptop size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, consoleSignIn, member, signIn, signInToken, staff, watch } from '../lib/members.mjs';
import { longHandle, longName, longUrl, token } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser();

test('a reported post is removed from the console and leaves the feed, with an audit entry', async () => {
  const ana = await member(server, 'ana');
  const bia = await member(server, 'bia');
  const chefe = staff(server, 'chefe', 'admin');
  const text = 'Compre seguidores baratos agora!!!';
  const token = await signInToken(server, ana.email);
  for (const t of ['Bom dia, pessoal! Café passado.', text]) {
    const created = await fetch(`${server.url}/api/v1/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ text_content: t }),
    });
    assert.equal(created.status, 201, await created.text());
  }

  // Bia reports it from her feed.
  const reader = await watchedPage(browser);
  await signIn(server, reader.page, bia);
  const card = reader.page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'Mais opções' }).click();
  await reader.page.getByRole('menuitem', { name: 'Denunciar' }).click();
  await reader.page.getByText('Denúncia enviada').first().waitFor();

  // A member cannot use the console.
  const intruder = await browser.newContext({ locale: 'pt-BR' });
  const intruderPage = await intruder.newPage();
  await intruderPage.goto(`${server.url}/admin/`);
  await intruderPage.locator('input[name="username"]').fill(ana.email);
  await intruderPage.locator('input[name="password"]').fill('Senha123forte');
  await intruderPage.getByRole('button', { name: 'Entrar' }).click();
  await intruderPage.getByText('Acesso restrito à moderação e à administração.').waitFor();
  await intruder.close();

  // The administrator resolves it by removing the post.
  const desk = await watchedPage(browser);
  watch(desk.page, desk.problems);
  await consoleSignIn(server, desk.page, chefe);
  await desk.page.getByText('Denúncias abertas').first().waitFor();
  await desk.page.goto(`${server.url}/admin/#/reports`);
  const row = desk.page.getByRole('row').filter({ hasText: text });
  await row.getByText('bia', { exact: true }).waitFor();
  await row.click();
  await desk.page.getByText('Conteúdo ofensivo').or(desk.page.getByText(text)).first().waitFor();
  await desk.page.getByRole('button', { name: 'Remover post' }).click();
  const dialog = desk.page.getByRole('dialog');
  await dialog.getByLabel('Nota (opcional)').fill('Spam de venda de seguidores');
  await dialog.getByRole('button', { name: 'Remover post' }).click();
  await desk.page.getByText('Denúncia resolvida').first().waitFor();
  await desk.page.getByText('Resolvida com ação').first().waitFor();
  await desk.page.screenshot({ path: path.join(artifacts, 'admin-report.png') });

  // Bia's feed no longer shows it.
  await reader.page.reload();
  await reader.page.getByRole('article').filter({ hasText: 'Bom dia, pessoal! Café passado.' }).waitFor();
  assert.equal(await reader.page.getByRole('article').filter({ hasText: text }).count(), 0);
  const feed = await (await fetch(`${server.url}/api/v1/feed?algorithm=chronological`, {
    headers: { Authorization: `Bearer ${await signInToken(server, bia.email)}` },
  })).json();
  assert.ok(!feed.items.some((p) => p.text_content === text), 'the removed post is still in the feed API');

  // The audit log shows who removed it, and why.
  await desk.page.goto(`${server.url}/admin/#/audit`);
  const removal = desk.page.getByRole('row').filter({ hasText: 'post.remove' });
  await removal.getByText('chefe', { exact: true }).waitFor();
  await removal.getByText('Spam de venda de seguidores').waitFor();
  await desk.page.getByRole('row').filter({ hasText: 'report.resolve' }).first().waitFor();
  await desk.page.screenshot({ path: path.join(artifacts, 'admin-audit.png') });

  assert.deepEqual(reader.problems, []);
  assert.deepEqual(desk.problems, []);
  await reader.context.close();
  await desk.context.close();
});

const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/** Opens a console screen, waits for text on it and keeps its picture; the page never grows wider than the window. */
async function screen(page, url, text, name, size) {
  await page.goto(`${server.url}/admin/#${url}`);
  await page.getByText(text, { exact: true }).first().waitFor();
  await page.screenshot({ path: path.join(artifacts, `admin-${name}-${size.width}.png`), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= size.width, `${name} at ${size.width}x${size.height} is ${width} px wide`);
}

test("the stories and conversations screens hold worst-case content, and never show a conversation's messages", async () => {
  const a = await member(server, longHandle('rita'), longName('W'));
  const b = await member(server, longHandle('davi'), longName('M'));
  const ta = await signInToken(server, a.email);
  const tb = await signInToken(server, b.email);
  await api(server, ta, 'POST', `/profiles/${b.handle}/follow`);
  await api(server, tb, 'POST', `/profiles/${a.handle}/follow`);
  const storyText = token(280);
  const story = await api(server, ta, 'POST', '/stories', { text: storyText });
  const conversation = await api(server, ta, 'POST', '/messages/conversations', { handle: b.handle });
  await api(server, tb, 'POST', `/messages/conversations/${conversation.id}/messages`, { text: token(280, 'M') });
  await api(server, ta, 'POST', `/messages/conversations/${conversation.id}/messages`, { text: `${longUrl} ok` });
  const desk = await watchedPage(browser);
  watch(desk.page, desk.problems);
  await consoleSignIn(server, desk.page, staff(server, 'gerente', 'admin'));
  for (const size of sizes) {
    await desk.page.setViewportSize(size);
    await screen(desk.page, '/stories', a.handle, 'stories', size);
    await desk.page.getByText(storyText).first().waitFor();
    await screen(desk.page, `/stories/${story.id}/show`, a.handle, 'story', size);
    await screen(desk.page, '/conversations', b.handle, 'conversations', size);
    await desk.page.getByText('Conversas são privadas', { exact: false }).first().waitFor();
    await screen(desk.page, `/conversations/${conversation.id}/show`, b.handle, 'conversation', size);
    // Its messages were a 280-letter word and a link: neither reaches the console.
    assert.equal(await desk.page.getByText(token(280, 'M')).count(), 0);
    assert.equal(await desk.page.getByText(longUrl, { exact: false }).count(), 0);
  }
  assert.deepEqual(desk.problems, []);
  await desk.context.close();
});
