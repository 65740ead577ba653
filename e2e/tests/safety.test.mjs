// Member safety: a member describes the image of a post (its alt text);
// the card's image carries the description as its alt, and the 'ALT'
// button shows it. The member then opens /settings, sees the sessions of
// the two browsers they are signed in with, ends the other one, and that
// browser is signed out. Last, the screen and the card with worst-case
// data (the longest description, unbroken words, long device labels) at
// the three sizes, saved as screenshots.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { gradientPNG } from '../lib/images.mjs';
import { member, password, signIn } from '../lib/members.mjs';
import { longHandle, longName, token } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser();
let tmp;

before(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'social-safety-'));
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const description = 'Um ipê amarelo florido na calçada, com um ciclista passando ao fundo.';

test('an image described, then the other browser signed out from /settings', async () => {
  const ana = await member(server, 'ana_seguranca', 'Ana Segura');
  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  await signIn(server, pa.page, ana);
  await signIn(server, pb.page, ana);

  // A describes the image of a new post.
  const image = path.join(tmp, 'ipe.png');
  writeFileSync(image, gradientPNG(240, 160));
  await pa.page.getByTestId('image-input').setInputFiles(image);
  const alt = pa.page.getByRole('textbox', { name: 'Descrição da imagem (opcional)' });
  await alt.fill(description);
  assert.equal(await pa.page.getByTestId('image-alt-remaining').textContent(), String(1500 - [...description].length));
  await pa.page.getByRole('textbox', { name: 'O que está acontecendo?' }).fill('Primavera no Recife');
  await pa.page.getByRole('button', { name: 'Postar' }).click();
  await pa.page.getByText('Post criado!').first().waitFor();

  const card = pa.page.getByRole('article').filter({ hasText: 'Primavera no Recife' });
  const img = card.getByRole('img', { name: description });
  await img.waitFor();
  assert.equal(await img.getAttribute('alt'), description);
  const reveal = card.getByRole('button', { name: 'Mostrar descrição da imagem (ALT)' });
  assert.equal(await reveal.getAttribute('aria-expanded'), 'false');
  await reveal.click();
  const note = card.getByRole('note', { name: 'Descrição da imagem' });
  await note.waitFor();
  assert.match((await note.textContent()) ?? '', /Um ipê amarelo florido na calçada/);
  assert.equal(await card.getByRole('button', { name: 'Ocultar descrição da imagem (ALT)' }).getAttribute('aria-expanded'), 'true');

  // The other browser reads the same description.
  await pb.page.reload();
  await pb.page.getByRole('article').filter({ hasText: 'Primavera no Recife' }).getByRole('img', { name: description }).waitFor();

  // A opens /settings from the side bar and finds both browsers.
  await pa.page.getByRole('link', { name: 'Configurações' }).first().click();
  await pa.page.waitForURL('**/settings');
  await pa.page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
  const list = pa.page.getByRole('list', { name: 'Sessões ativas' });
  await list.waitFor();
  const browsers = list.getByRole('listitem', { name: 'Chrome no Linux' });
  assert.equal(await browsers.count(), 2, 'the two browsers');
  const thisSession = pa.page.getByText('Esta sessão', { exact: true });
  await browsers.filter({ has: thisSession }).waitFor();
  const other = browsers.filter({ hasNot: thisSession });
  assert.match((await other.textContent()) ?? '', /Rede 127\.0\.0\.0\/24 · Último uso/);

  // Ending the other browser's session signs it out.
  await other.getByRole('button', { name: 'Encerrar a sessão Chrome no Linux' }).click();
  await pa.page.getByText('Sessão encerrada').first().waitFor();
  assert.equal(await list.getByRole('listitem', { name: 'Chrome no Linux' }).count(), 1);
  await pb.page.waitForURL('**/auth', { timeout: 15_000 });
  await pb.page.getByRole('tab', { name: 'Entrar' }).waitFor();
  // And it stays out.
  await pb.page.goto(`${server.url}/settings`);
  await pb.page.waitForURL('**/auth');

  // A is still in.
  await pa.page.reload();
  await pa.page.getByRole('listitem', { name: 'Chrome no Linux' }).filter({ has: pa.page.getByText('Esta sessão', { exact: true }) }).waitFor();

  assert.deepEqual(pa.problems, []);
  assert.deepEqual(pb.problems, []);
  await pa.context.close();
  await pb.context.close();
});

/** Signs in through the API as a given browser, for a session with that device. */
async function signInAs(m, userAgent) {
  const res = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify({ email: m.email, password }),
  });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  return JSON.parse(body).access_token;
}

test('worst case: the longest description and device labels at 390, 768 and 1280 wide', async () => {
  const m = await member(server, longHandle('sessoes'), longName('W'));
  const tokenA = await signInAs(m, 'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36');
  await signInAs(m, 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
  await signInAs(m, 'curl/8.5.0');

  // The longest description: unbroken words of 280 characters and more.
  const longAlt = `${token(300, 'W')} ${token(280, 'M')} ${'Descrição com palavras comuns. '.repeat(40)}`.slice(0, 1500);
  const form = new FormData();
  form.append('file', new Blob([gradientPNG(320, 200)], { type: 'image/png' }), 'longa.png');
  form.append('text_content', token(280));
  form.append('image_alt', longAlt);
  const res = await fetch(`${server.url}/api/v1/posts/media`, {
    method: 'POST', headers: { Authorization: `Bearer ${tokenA}` }, body: form,
  });
  const created = await res.text();
  assert.equal(res.status, 201, created);
  assert.equal(JSON.parse(created).image_alt, longAlt);

  const p = await watchedPage(browser);
  await signIn(server, p.page, m);
  for (const [name, size] of [['390', { width: 390, height: 844 }], ['768', { width: 768, height: 1024 }], ['1280', { width: 1280, height: 800 }]]) {
    await p.page.setViewportSize(size);
    await p.page.goto(`${server.url}/`);
    const card = p.page.getByRole('article').filter({ hasText: token(280) }).first();
    await card.getByRole('button', { name: 'Mostrar descrição da imagem (ALT)' }).click();
    await card.getByRole('note', { name: 'Descrição da imagem' }).waitFor();
    await p.page.screenshot({ path: path.join(artifacts, `safety-alt-${name}.png`), fullPage: true });

    await p.page.goto(`${server.url}/settings`);
    await p.page.getByRole('list', { name: 'Sessões ativas' }).getByRole('listitem', { name: 'Samsung Internet no Android' }).waitFor();
    await p.page.screenshot({ path: path.join(artifacts, `safety-settings-${name}.png`), fullPage: true });

    // Nothing wider than the window.
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: the page is ${overflow}px wider than the window`);
  }

  // The composer's field with the longest description, at phone size.
  await p.page.setViewportSize({ width: 390, height: 844 });
  await p.page.goto(`${server.url}/`);
  const image = path.join(tmp, 'composer.png');
  writeFileSync(image, gradientPNG(240, 160));
  await p.page.getByTestId('image-input').setInputFiles(image);
  await p.page.getByRole('textbox', { name: 'Descrição da imagem (opcional)' }).fill(`${longAlt}excedente`);
  assert.equal(await p.page.getByTestId('image-alt-remaining').textContent(), '0');
  await p.page.screenshot({ path: path.join(artifacts, 'safety-composer-390.png'), fullPage: true });
  const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `composer: the page is ${overflow}px wider than the window`);

  assert.deepEqual(p.problems, []);
  await p.context.close();
});
