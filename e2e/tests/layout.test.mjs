// Layouts that content cannot break: every route of the member app and the
// console's main screens, at a phone, a tablet and a laptop size, filled with
// the longest names, handles, bios, words and links the rules allow. On each,
// the page is never wider than the window, and every visible button and link
// is the element found at its own centre (nothing lies on top of it) and
// holds its own label (none spills onto its neighbours, breaks a word over
// two lines or cuts a one-word label short).
// One server, one browser, one signed-in page per size.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, consoleSignIn, signIn, signInToken, staff, watch } from '../lib/members.mjs';
import { longTitle, seedWorstCase, token } from '../lib/worst-case.mjs';

const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];
/** Screens whose pictures are kept for a person to look at. */
const pictured = new Set([
  'feed',
  'post',
  'profile',
  'profile-other',
  'search-results',
  'search-discover',
  'communities',
  'community',
  'rooms',
  'room',
  'messages',
  'conversation',
  'settings',
  'console-reports',
  'console-report',
  'console-profile',
]);
const shots = path.join(artifacts, 'layout');

const { server, browser } = await serverAndBrowser();
let seed;
let secondMemberToken;
let admin;

before(async () => {
  seed = await seedWorstCase(server);
  secondMemberToken = await signInToken(server, seed.b.email);
  admin = staff(server, 'chefe');
  mkdirSync(shots, { recursive: true });
});

function memberRoutes() {
  const { a, b, post, conversation, open, closed, room } = seed;
  return [
    ['feed', '/'],
    ['search', `/search?q=${'W'.repeat(40)}`],
    ['search-discover', '/search'],
    ['create-post', '/create-post'],
    ['post', `/post/${post.id}`],
    ['stories', '/stories'],
    ['rooms', '/listening-rooms'],
    ['room', `/listening-room/${room.id}`],
    ['communities', '/communities'],
    ['create-community', '/communities/create'],
    ['community', `/communities/${open.id}`],
    ['community-closed', `/communities/${closed.id}`],
    ['messages', '/messages'],
    ['conversation', `/messages/${conversation.id}`],
    ['notifications', '/notifications'],
    ['profile', '/profile'],
    ['profile-other', `/profile/${b.handle}`],
    ['profile-self-handle', `/profile/${a.handle}`],
    ['settings', '/settings'],
  ];
}

let consoleRoutesOnce;

/**
 * The console's lists, and the screens whose action rows hold the most
 * buttons (read once: every sign-in counts against the account's limit).
 */
function consoleRoutes() {
  consoleRoutesOnce ??= readConsoleRoutes();
  return consoleRoutesOnce;
}

async function readConsoleRoutes() {
  const token = await signInToken(server, admin.email);
  const first = async (resource) => {
    const res = await fetch(`${server.url}/api/v1/admin/${resource}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200, `GET /admin/${resource}: ${res.status}`);
    const [item] = await res.json();
    assert.ok(item, `no ${resource} to show`);
    return item.id;
  };
  return [
    ['console-dashboard', '/admin/#/'],
    ['console-reports', '/admin/#/reports'],
    ['console-report', `/admin/#/reports/${await first('reports')}/show`],
    ['console-posts', '/admin/#/posts'],
    ['console-profiles', '/admin/#/profiles'],
    ['console-profile', `/admin/#/profiles/${await first('profiles')}/show`],
    ['console-communities', '/admin/#/communities'],
    ['console-rooms', '/admin/#/rooms'],
  ];
}

/**
 * In the page: how wide the document is, and which visible buttons and links
 * are covered at their centre by something else, or cannot be brought inside
 * the window at all (scrolled into view first; a fixed bar's button placed
 * past the edge stays there).
 */
async function inspect(page) {
  return page.evaluate(async () => {
    const describe = (el) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}"`;
    // The innermost elements reaching past the window's right edge: what widens the page.
    const wideners = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.getBoundingClientRect().right <= innerWidth + 1) continue;
      const child = [...el.children].some((c) => c.getBoundingClientRect().right > innerWidth + 1);
      if (!child && wideners.length < 3) wideners.push(describe(el));
    }
    // Where every scrolled box stands, to put them back for the pictures.
    const scrolled = [...document.querySelectorAll('*')]
      .filter((el) => el.scrollLeft !== 0 || el.scrollTop !== 0 || el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
      .map((el) => [el, el.scrollLeft, el.scrollTop]);
    const covered = [];
    const controls = [...document.querySelectorAll('button, a[href], [role="button"], [role="tab"], input[type="submit"]')];
    for (const el of controls) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      // A toast's own button slides in with it and goes with it.
      if (el.closest('[data-sonner-toast]')) continue;
      const style = getComputedStyle(el);
      if (style.pointerEvents === 'none' || el.closest('[aria-hidden="true"]')) continue;
      if (el.getBoundingClientRect().width < 2) continue;
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      // An inline link broken over two lines: the centre of its first line.
      const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
      const outside = (r) => r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
        // A skip link waits off-screen until the keyboard reaches it (measured without its slide-in).
        const transition = el.style.transition;
        el.style.transition = 'none';
        el.focus();
        const focused = el.getBoundingClientRect();
        el.blur();
        el.style.transition = transition;
        if (!outside(focused)) continue;
        covered.push(`'${name}' out of reach at (${Math.round(x)}, ${Math.round(y)})`);
        continue;
      }
      // A label wider than its control, not clipped: it spills onto the
      // controls beside it (a centred label is as wide as its text).
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible') {
        covered.push(`'${name}' spills out of its box (${el.scrollWidth} px in ${el.clientWidth})`);
      }
      const hit = document.elementFromPoint(x, y);
      if (hit && (el === hit || el.contains(hit))) continue;
      // A toast is a passing notice over whatever lies there (a phone's
      // header, say) and goes by itself: not a layout that hides a control.
      if (hit?.closest('[data-sonner-toast]')) continue;
      covered.push(`'${name}' under ${hit ? describe(hit) : 'nothing'}`);
    }
    for (const [el, left, top] of scrolled) el.scrollTo(left, top);
    window.scrollTo(0, 0);
    // Words of the language (up to 24 letters; longer ones are names, handles,
    // links and tokens, which may break anywhere) in a visible control or table
    // cell: never broken across lines ('Administr' / 'ador'), and a one-word
    // label never cut short by its box ('Comunid…').
    const range = document.createRange();
    const isWord = (text) => /^\S{1,24}$/.test(text);
    const labelled = [...document.querySelectorAll('button, a[href], [role="button"], [role="tab"], td, th')];
    for (const el of labelled) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || el.closest('[aria-hidden="true"]')) continue;
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const box = node.parentElement;
        // Text for screen readers only sits in a 1-pixel box on purpose.
        if (!box || box.clientWidth < 2 || box.closest('[aria-hidden="true"]')) continue;
        for (const match of node.data.matchAll(/\S+/g)) {
          if (!isWord(match[0])) continue;
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) covered.push(`'${name}' breaks '${match[0]}' over ${lines.size} lines`);
        }
      }
      for (const box of [el, ...el.querySelectorAll('*')]) {
        const text = box.textContent.trim();
        if (box.clientWidth < 2 || !isWord(text) || box.closest('[aria-hidden="true"]')) continue;
        if (getComputedStyle(box).overflowX === 'visible') continue;
        if (box.scrollWidth > box.clientWidth + 1) covered.push(`'${name}' cuts '${text}' (${box.scrollWidth} px in ${box.clientWidth})`);
      }
    }
    return { width: document.documentElement.scrollWidth, wideners, covered };
  });
}

async function check(page, name, url, size, problems) {
  await page.goto(`${server.url}${url}`);
  const ready = name.startsWith('console-') ? '#main-content > *' : 'main h1, main h2';
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  // Loading placeholders gone (or given up on) and a moment for images to settle.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
  const { width, wideners, covered } = await inspect(page);
  const where = `${name} at ${size.width}x${size.height}`;
  if (width > size.width) problems.push(`${where}: page ${width} px wide (${wideners.join('; ')})`);
  for (const c of covered) problems.push(`${where}: ${c}`);
  if (pictured.has(name)) await page.screenshot({ path: path.join(shots, `${name}-${size.width}.png`) });
}

/** An iPhone at phone size, an iPad otherwise: the browsers shown the manual install steps. */
function iosAgent(size) {
  const device = size.width < 600 ? 'iPhone; CPU iPhone OS 17_5' : 'iPad; CPU OS 17_5';
  return `Mozilla/5.0 (${device} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1`;
}

/**
 * Whether the element lies on the screen and is what a tap at its centre
 * reaches. The screen's own size, not the window's: a phone widens its
 * window to a page wider than itself, shrinking everything on it.
 */
function tappable(locator, size) {
  return locator.evaluate(
    (el, screen) => {
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const inside = box.left >= 0 && box.top >= 0 && box.right <= screen.width && box.bottom <= screen.height;
      const hit = document.elementFromPoint(x, y);
      return inside && hit !== null && (hit === el || el.contains(hit));
    },
    size,
  );
}

/**
 * Tabs through the page from its start and names each focused control the
 * card leaves hidden at the control's centre (WCAG 2.4.11, focus not obscured).
 */
async function focusedUnder(page, card, presses = 40) {
  const hidden = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate((selector) => {
      const el = document.activeElement;
      const over = document.querySelector(selector);
      if (!el || el === document.body || !over || over.contains(el)) return null;
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit && over.contains(hit) ? (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40) : null;
    }, card);
    if (name !== null) hidden.push(name);
  }
  return hidden;
}

for (const size of sizes) {
  test(`member app at ${size.width}x${size.height} with worst-case content`, async () => {
    const { page, context, problems: errors } = await watchedPage(browser);
    await page.setViewportSize(size);
    await signIn(server, page, seed.a);
    // A message the first member has not read yet: until the conversation's
    // own route, 'Mensagens' in the side bar carries its counter.
    const unread = { text: token(280, 'N') };
    await api(server, secondMemberToken, 'POST', `/messages/conversations/${seed.conversation.id}/messages`, unread);
    const problems = [];
    for (const [name, url] of memberRoutes()) await check(page, name, url, size, problems);

    // The profile dialog's 'Salvar Alterações' and the composer's 'Postar' with a full text.
    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const { width, wideners, covered } = await inspect(page);
    if (width > size.width) problems.push(`edit-profile at ${size.width}: page ${width} px wide (${wideners.join('; ')})`);
    for (const c of covered) problems.push(`edit-profile at ${size.width}: ${c}`);
    if (size.width !== 768) await page.screenshot({ path: path.join(shots, `edit-profile-${size.width}.png`) });

    // Search answers with the communities plugin's rows beside the core's.
    await page.goto(`${server.url}/search`);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(longTitle.slice(0, 12));
    await page.getByRole('region', { name: 'Resultados da busca' }).waitFor();
    await page.getByText('Comunidade', { exact: true }).first().waitFor();
    const results = await inspect(page);
    if (results.width > size.width) problems.push(`search-results at ${size.width}: page ${results.width} px wide (${results.wideners.join('; ')})`);
    for (const c of results.covered) problems.push(`search-results at ${size.width}: ${c}`);
    await page.screenshot({ path: path.join(shots, `search-results-${size.width}.png`) });

    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  // iOS has no install prompt: the banner lists the steps, and its one
  // button must be on screen and reachable over whatever the page shows.
  test(`iOS install steps at ${size.width}x${size.height}: 'Entendi' can be tapped`, async () => {
    // A phone lays the page out as wide as its content: a widened page would carry the fixed banner off the screen.
    const context = await browser.newContext({
      locale: 'pt-BR',
      viewport: size,
      userAgent: iosAgent(size),
      hasTouch: true,
      isMobile: size.width < 600,
    });
    const problems = [];
    const page = watch(await context.newPage(), problems);
    const banner = page.getByRole('region', { name: 'Instalar social' });
    const gotIt = banner.getByRole('button', { name: 'Entendi' });

    await page.goto(`${server.url}/auth`);
    await gotIt.waitFor();
    assert.equal(await tappable(gotIt, size), true, `'Entendi' out of reach on the sign-in screen at ${size.width}`);

    // The other member: the sign-ins of one account are limited.
    await signIn(server, page, seed.b);
    await gotIt.waitFor();
    assert.equal(await tappable(gotIt, size), true, `'Entendi' out of reach on the feed at ${size.width}`);
    const { width, wideners } = await inspect(page);
    assert.ok(width <= size.width, `feed with the install steps: page ${width} px wide (${wideners.join('; ')})`);
    if (size.width === 390) await page.screenshot({ path: path.join(shots, `ios-install-${size.width}.png`) });
    assert.deepEqual(await focusedUnder(page, 'section[aria-label="Instalar social"]'), [], `focus under the install steps at ${size.width}`);

    await gotIt.tap();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
    assert.equal(await banner.count(), 0, 'the install steps came back after Entendi');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`console at ${size.width}x${size.height} with worst-case content`, async () => {
    const { page, context } = await watchedPage(browser);
    await page.setViewportSize(size);
    await consoleSignIn(server, page, admin);
    const problems = [];
    for (const [name, url] of await consoleRoutes()) await check(page, name, url, size, problems);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
