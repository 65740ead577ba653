// Live updates on a busy feed: a member whose feed holds 300 posts scrolls
// to the bottom and back and stays idle for 40 s, in two tabs. Each tab
// keeps one socket (no reconnect, no feed re-read), sends a bounded number
// of subscribe messages (the app asks only for the cards on screen, in
// batches), sees 'Ver novos posts' when someone else posts, and sees a like
// on a post deep in the list arrive live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, member, signIn, signInToken } from '../lib/members.mjs';

const POSTS = 300;
// Subscribe messages one tab may send for the whole journey: a scroll
// through 300 cards and back, at one batch per 150 ms at most, is a few
// dozen; one message per card would be 600.
const MAX_SUBSCRIBE_MESSAGES = 80;
// Idle for longer than the server's 35 s pong wait, the app's 25 s ping
// and its 30 s staleness: any of them going wrong would show as a
// reconnect or a re-read.
const IDLE_MS = 40_000;

const { server, browser } = await serverAndBrowser();

/** Watches one tab's WebSocket traffic and its feed reads. */
function watchTab(page) {
  const seen = { opens: 0, closes: 0, subscribeMessages: 0, topics: 0, feedReads: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/v1/realtime')) return;
    seen.opens += 1;
    assert.ok(!ws.url().includes('access_token'), 'no token in the socket URL');
    ws.on('close', () => {
      seen.closes += 1;
    });
    ws.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload));
      if (message.type !== 'subscribe') return;
      seen.subscribeMessages += 1;
      seen.topics += message.topics ? message.topics.length : 1;
    });
  });
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/v1/feed') seen.feedReads += 1;
  });
  return seen;
}

/**
 * Scrolls the feed to its end, loading page after page, until every post is
 * listed (drawn near the screen, or keeping its place further away).
 */
async function scrollToBottom(page) {
  const listed = page.locator('[data-windowed]');
  for (let i = 0; i < 200; i++) {
    if ((await listed.count()) >= POSTS) break;
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(150);
  }
  assert.ok((await listed.count()) >= POSTS, `only ${await listed.count()} posts after scrolling`);
  // Only the cards near the screen are drawn, whatever the list's length.
  const drawn = await page.getByRole('article').count();
  assert.ok(drawn < POSTS / 4, `${drawn} cards drawn at the end of a ${POSTS}-post feed`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(500);
}

async function scrollToTop(page) {
  for (let i = 0; i < 400; i++) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === 0) return;
    await page.mouse.wheel(0, -2500);
    await page.waitForTimeout(100);
  }
}

test('a 300-post feed keeps one socket per tab, with live counts on what is on screen', async () => {
  const reader = await member(server, 'leitora', 'Leitora Assídua');
  const author = await member(server, 'autor', 'Autor Prolífico');
  const fan = await member(server, 'fanatica', 'Fã de Carteirinha');
  // 300 posts of an hour ago and before, straight into the table (the
  // API's own pace limits would make this take minutes).
  server.sql(`INSERT INTO posts (id, author_id, text_content, created_at, updated_at)
    SELECT gen_random_uuid(), p.id, 'Post de arquivo número ' || g, now() - interval '1 hour' - g * interval '1 minute', now()
    FROM profiles p, generate_series(1, ${POSTS}) g WHERE p.handle = 'autor';
    UPDATE profiles SET post_count = post_count + ${POSTS} WHERE handle = 'autor';`);
  const authorToken = await signInToken(server, author.email);
  const fanToken = await signInToken(server, fan.email);

  const first = await watchedPage(browser);
  const second = await first.context.newPage();
  const tabs = [
    { page: first.page, seen: watchTab(first.page) },
    { page: second, seen: watchTab(second) },
  ];
  await signIn(server, first.page, reader);
  await second.goto(server.url);
  await second.getByRole('heading', { name: 'Últimos posts' }).waitFor();

  // One tab at a time, in front: a hidden tab is painted about once a
  // second, and each wheel step waits for a frame.
  for (const { page } of tabs) {
    await page.bringToFront();
    await scrollToBottom(page);
    await scrollToTop(page);
  }
  for (const { seen } of tabs) seen.feedReads = 0;
  await first.page.waitForTimeout(IDLE_MS);

  for (const [i, { seen }] of tabs.entries()) {
    const tab = `tab ${i + 1}`;
    console.log(`${tab}: ${JSON.stringify(seen)}`);
    assert.equal(seen.opens, 1, `${tab}: one socket for the whole journey`);
    assert.equal(seen.closes, 0, `${tab}: the socket was never closed`);
    assert.equal(seen.feedReads, 0, `${tab}: the feed was not read again while idle`);
    assert.ok(seen.subscribeMessages <= MAX_SUBSCRIBE_MESSAGES, `${tab}: ${seen.subscribeMessages} subscribe messages`);
  }

  // Someone else posts: each tab offers 'Ver novos posts' instead of
  // pushing the post into the list.
  await api(server, authorToken, 'POST', '/posts', { text_content: 'Post fresquinho agora' });
  for (const { page } of tabs) {
    await page.getByRole('button', { name: 'Ver novos posts' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole('article').filter({ hasText: 'Post fresquinho agora' }).count(), 0);
  }

  // A like on a post deep in the list shows live where it is on screen.
  const deep = 'Post de arquivo número 250';
  const [{ id: deepId }] = JSON.parse(
    server.sql(`SELECT json_agg(json_build_object('id', id)) FROM posts WHERE text_content = '${deep}'`),
  );
  for (const { page } of tabs) {
    const card = page.getByRole('article').filter({ has: page.getByText(deep, { exact: true }) });
    // Scrolled down to it as a member would, in the tab in front (a hidden
    // tab is painted about once a second, and each wheel step waits for a
    // frame): it is drawn as it comes near. The second tab stays in front,
    // the first hidden, when the like arrives.
    await page.bringToFront();
    for (let i = 0; i < 200 && (await card.count()) === 0; i++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(100);
    }
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('like-count').filter({ hasText: '0' }).waitFor();
  }
  // The cards just scrolled to are followed after the app's batch delay.
  await first.page.waitForTimeout(1000);
  await api(server, fanToken, 'PUT', `/posts/${deepId}/like`);
  for (const { page } of tabs) {
    const card = page.getByRole('article').filter({ has: page.getByText(deep, { exact: true }) });
    await card.getByTestId('like-count').filter({ hasText: '1' }).waitFor({ timeout: 5000 });
  }
  for (const { seen } of tabs) assert.equal(seen.opens, 1);
  assert.deepEqual(first.problems, []);

  // Signing out closes the socket without the browser complaining about
  // messages sent to a closing socket.
  const complaints = [];
  first.page.on('console', (msg) => {
    if (/CLOSING or CLOSED/.test(msg.text())) complaints.push(msg.text());
  });
  await first.page.getByRole('button', { name: 'Sair' }).first().click();
  await first.page.getByText('Logout realizado').first().waitFor();
  await first.page.waitForTimeout(1000);
  assert.deepEqual(complaints, []);
});
