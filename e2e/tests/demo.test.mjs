// The first look at a new installation: `make run` seeds the demo network
// before serving, and the demo member it prints signs in to a living
// network: a feed with pictures and hashtags, unread notifications,
// communities, a listening room with people in it, live stories and an
// unread conversation. Screenshots at the three widths go to artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';

const { server, browser } = await serverAndBrowser({}, { before: [['seed-demo']] });

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** The demo member's sign-in, as seed-demo's welcome block prints it ('e-mail', 'senha'). */
function demoSignIn() {
  const printed = server.prepared[0];
  return { printed, email: /e-mail\s+(\S+)/.exec(printed)?.[1], password: /senha\s+(\S+)/.exec(printed)?.[1] };
}

/** A watched page at `size`, signed in as the demo member through the form. */
async function demoMemberPage(size) {
  const { email, password } = demoSignIn();
  const watched = await watchedPage(browser);
  const { page } = watched;
  await page.setViewportSize(size);
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('tabpanel', { name: 'Entrar' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.url}/`);
  return watched;
}

test('the demo member signs in to a living network', async () => {
  const { printed, email, password } = demoSignIn();
  assert.ok(email && password, `no sign-in printed:\n${printed}`);
  assert.match(printed, /demo network: 41 members/);

  const { page, problems } = await demoMemberPage(sizes[2]);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();

  // A full feed with drawn pictures and hashtags.
  const feed = page.getByRole('article');
  await feed.first().waitFor();
  // A full page of posts, drawn as they come near the screen.
  assert.ok((await page.locator('[data-windowed]').count()) >= 10, 'a full feed');
  await feed.locator('img[src*="/media/"]').first().waitFor();
  await feed.getByText(/#\p{L}+/u).first().waitFor();
  // The unread badges: notifications and messages.
  await page.getByRole('link', { name: /\d+ notificações não lidas/ }).first().waitFor();
  await page.getByRole('link', { name: /\d+ mensage(m|ns) não lidas?/ }).first().waitFor();
  for (const s of sizes) {
    await page.setViewportSize(s);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `demo-feed-${s.name}.png`) });
  }
  await page.setViewportSize(sizes[2]);

  await page.goto(`${server.url}/notifications`);
  const notices = page.getByRole('list', { name: 'Lista de notificações' }).getByRole('listitem');
  await notices.first().waitFor();
  assert.ok((await notices.count()) >= 10, 'notifications');
  await page.getByText('Não lida').first().waitFor({ state: 'attached' });

  await page.goto(`${server.url}/communities`);
  await page.getByText('Corredores de Rua').first().waitFor();
  await page.getByText('Designers do Nordeste').first().waitFor();

  await page.goto(`${server.url}/listening-rooms`);
  await page.getByText('Jazz na Varanda').first().waitFor();
  await page.getByText(/[2-9] participantes/).first().waitFor();

  await page.goto(`${server.url}/stories`);
  await page.getByRole('button', { name: /Abrir story de/ }).first().waitFor();
  assert.ok((await page.getByRole('button', { name: /Abrir story de/ }).count()) >= 5, 'live stories');

  await page.goto(`${server.url}/messages`);
  await page.getByText('Thiago Conceição').first().waitFor();
  await page.getByText(/mensage(m|ns) não lidas?/).first().waitFor({ state: 'attached' });

  for (const [name, where] of [['notifications', '/notifications'], ['rooms', '/listening-rooms'], ['stories', '/stories'],
    ['messages', '/messages'], ['communities', '/communities']]) {
    await page.goto(`${server.url}${where}`);
    await page.waitForTimeout(500);
    for (const s of sizes) {
      await page.setViewportSize(s);
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(artifacts, `demo-${name}-${s.name}.png`) });
    }
  }
  assert.deepEqual(problems, []);
});

test('up close: a post answered on its topic, communities with pictures', async () => {
  const { page, problems } = await demoMemberPage(sizes[2]);

  // The demo member's most commented post: its comments answer its topic.
  const post = server.sql(`SELECT p.id FROM posts p JOIN profiles pr ON pr.id = p.author_id
    WHERE pr.handle = 'marcos_vinicius' AND p.text_content LIKE '%#pão%' ORDER BY p.comment_count DESC, p.id LIMIT 1`);
  assert.ok(post, 'a bread post');
  await page.goto(`${server.url}/post/${post}`);
  await page.getByText(/fermenta|Cleide|levain/).first().waitFor();
  for (const s of [sizes[0], sizes[2]]) {
    await page.setViewportSize(s);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `demo-post-${s.name}.png`), fullPage: true });
  }

  // Every community of the list shows its drawn picture, and so does the
  // header of one.
  await page.goto(`${server.url}/communities`);
  await page.getByText('Corredores de Rua').first().waitFor();
  await page.locator('img[src*="/media/communities/"]').first().waitFor();
  assert.ok((await page.locator('img[src*="/media/communities/"]').count()) >= 4, 'community pictures');
  for (const s of [sizes[0], sizes[2]]) {
    await page.setViewportSize(s);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `demo-communities-list-${s.name}.png`) });
  }
  const club = server.sql(`SELECT id FROM communities WHERE name = 'Clube do Livro de Quinta'`);
  await page.goto(`${server.url}/communities/${club}`);
  await page.getByText('Um livro por mês').first().waitFor();
  await page.getByText(/Livro de dezembro/).first().waitFor();
  await page.locator('img[src*="/media/communities/"]').first().waitFor();
  for (const s of [sizes[0], sizes[2]]) {
    await page.setViewportSize(s);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `demo-community-${s.name}.png`) });
  }
  assert.deepEqual(problems, []);
});

test("on a phone the feed's pictures are copies near their slot's width, and those below the first screen wait", async () => {
  const { page, problems } = await demoMemberPage(sizes[0]);
  await page.getByRole('article').first().waitFor();

  // A fresh load of the feed, every picture it downloads counted.
  const downloaded = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'image') return;
    const body = await (await request.response())?.body().catch(() => null);
    downloaded.push({ path: new URL(request.url()).pathname, bytes: body?.length ?? 0 });
  });
  await page.reload();
  const first = page.locator('[role="article"] img[alt^="Imagem publicada por"]').first();
  await first.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('[role="article"] img[alt^="Imagem publicada por"]');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  await page.waitForLoadState('networkidle');

  // The first picture is fetched at once and first; it is a copy at most
  // 640 pixels wide, and its box had its size before it came.
  assert.equal(await first.getAttribute('loading'), 'eager');
  assert.equal(await first.getAttribute('fetchpriority'), 'high');
  assert.match(await first.getAttribute('width'), /^\d+$/);
  const current = await first.evaluate((img) => img.currentSrc);
  const width = Number(/-w(\d+)\.webp/.exec(current)?.[1]);
  assert.ok(width > 0 && width <= 640, `first picture is ${current}, want a copy at most 640 wide`);
  const posts = downloaded.filter((d) => d.path.startsWith('/media/posts/'));
  assert.ok(posts.length >= 1, 'a post picture downloaded');
  for (const d of posts) assert.match(d.path, /-w(320|640)\.webp$/, `${d.path}: the original or a wide copy on a phone`);
  // Avatars too: a square copy for their circle, never the original.
  const avatars = downloaded.filter((d) => d.path.startsWith('/media/avatars/'));
  assert.ok(avatars.length >= 1, 'an avatar downloaded');
  for (const d of avatars) assert.match(d.path, /-w(48|96|144)\.webp$/, `${d.path}: an avatar's original on a phone`);

  // The feed's page of posts is all listed, but only the cards near the
  // screen are drawn; every drawn picture but the first is lazy, and nothing
  // of a card not drawn was downloaded.
  const listed = await page.locator('[data-windowed]').count();
  const drawn = page.locator('[data-windowed="drawn"]');
  assert.ok(listed >= 10, `a full page of the feed listed (${listed})`);
  assert.ok((await drawn.count()) < listed, 'the cards far below the first screen are not drawn');
  const states = await page.locator('[role="article"] img[alt^="Imagem publicada por"]').evaluateAll((imgs) =>
    imgs.map((img) => ({ loading: img.loading, src: img.currentSrc || img.src })));
  for (const s of states.slice(1)) assert.equal(s.loading, 'lazy');
  const drawnFiles = states.map((s) => new URL(s.src, page.url()).pathname.replace(/(-w\d+)?\.\w+$/, ''));
  for (const d of posts) {
    assert.ok(drawnFiles.some((file) => d.path.startsWith(file)), `${d.path} downloaded for a card that is not drawn`);
  }

  const total = downloaded.reduce((sum, d) => sum + d.bytes, 0);
  console.log(`first screen on a phone: ${downloaded.length} pictures, ${total} bytes`);

  // Scrolled to the page's last card, it is drawn and the first ones are let
  // go, keeping their height: the page does not jump.
  await page.locator('[data-windowed]').nth(listed - 1).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.locator('[data-windowed]').nth(listed - 1).and(page.locator('[data-windowed="drawn"]')).waitFor();
  await page.locator('[data-windowed]').first().and(page.locator('[data-windowed="waiting"]')).waitFor();
  const firstHeight = await page.locator('[data-windowed]').first().evaluate((el) => el.getBoundingClientRect().height);
  assert.ok(firstHeight > 100, `the first card's place is kept (${firstHeight} px)`);
  assert.deepEqual(problems, []);
});
