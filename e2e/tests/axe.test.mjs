// Every main screen, as a member and as an operator meets it on the demo
// network, checked by axe-core against WCAG 2.0, 2.1 and 2.2 (A and AA) and
// axe's best practices, at a phone's and a laptop's width: no violation
// allowed. One page load a screen; the second width is a resize, as a turned
// tablet does. A failure lists every violation of every screen at once (rule,
// the elements it found, what is wrong), so one run shows the whole work.
// Each screen is pictured at both widths with the demo data
// (e2e/artifacts/screens/<screen>-<width>.png), for a person to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const shots = path.join(artifacts, 'screens');
mkdirSync(shots, { recursive: true });
const fileName = (screen) => screen.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const { server, browser } = await serverAndBrowser({}, { before: [['seed-demo']] });
const printed = server.prepared[0];
/** The two sign-ins of the welcome block: the demo member's, then the administrator's. */
const [member, admin] = [...printed.matchAll(/e-mail\s+(\S+)\s+senha\s+(\S+)/g)].map((m) => ({ email: m[1], password: m[2] }));

/**
 * Runs axe on the page as it is, at each width in turn, and adds what it
 * finds to `found`, named by the screen. axe's source is evaluated in the
 * page (the app's CSP refuses an injected script tag, not an evaluation).
 */
async function check(page, screen, found) {
  for (const size of widths) {
    await page.setViewportSize(size);
    // Let a layout that changes with the width (the side bar, the header) settle.
    await page.waitForTimeout(150);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    const violations = await page.evaluate(async (runOnly) => {
      const result = await window.axe.run(document, { runOnly: { type: 'tag', values: runOnly }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: n.failureSummary })),
      }));
    }, tags);
    for (const v of violations) found.push({ screen: `${screen} @${size.width}`, ...v });
    await page.screenshot({ path: path.join(shots, `${fileName(screen)}-${size.width}.png`) });
  }
}

function report(found) {
  return found
    .map((v) => `${v.screen}: ${v.id} (${v.impact})\n${v.nodes.map((n) => `    ${n.target}  ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n');
}

async function signIn(page, who) {
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('tabpanel', { name: 'Entrar' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Senha').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.url}/`);
}

/** Runs the steps; a step that fails still reports the violations found before it. */
async function checking(steps) {
  const found = [];
  try {
    await steps(found);
  } catch (err) {
    err.message += `\naxe violations before this:\n${report(found)}`;
    throw err;
  }
  assert.equal(found.length, 0, `axe violations:\n${report(found)}`);
}

test('the member app has no axe violation on any main screen, at 390 and 1280 wide', () => checking(async (found) => {
  assert.ok(member && admin, `no sign-ins printed:\n${printed}`);
  const { page, problems } = await watchedPage(browser);
  const main = page.getByRole('main');

  await page.goto(`${server.url}/auth`);
  await page.getByRole('tabpanel', { name: 'Entrar' }).getByLabel('Email').waitFor();
  await check(page, 'auth', found);

  await page.goto(`${server.url}/nao-existe`);
  await page.getByRole('link', { name: 'Return to Home' }).or(main.getByRole('link')).first().waitFor();
  await check(page, 'not found', found);

  await signIn(page, member);
  const group = page.getByRole('group', { name: 'Ordem dos posts' });
  for (const tab of ['Recentes', 'Em Alta', 'Seguindo']) {
    await group.getByRole('button', { name: tab }).click();
    await main.getByRole('article').first().waitFor();
    await check(page, `feed ${tab}`, found);
  }

  // A post of another member: its page, and its author's profile.
  const post = main.getByRole('article').first();
  const postHref = await post.locator('a[href^="/post/"]').first().getAttribute('href');
  const authorHref = await post.locator('a[href^="/profile/"]').first().getAttribute('href');
  await page.goto(`${server.url}${postHref}`);
  await main.getByRole('article').first().waitFor();
  await check(page, 'post', found);

  await page.goto(`${server.url}${authorHref}`);
  await main.getByRole('article').first().waitFor();
  await check(page, 'profile of another', found);

  await page.goto(`${server.url}/profile`);
  await main.getByRole('article').first().waitFor();
  await check(page, 'own profile', found);

  await page.goto(`${server.url}/search`);
  await main.getByRole('searchbox').or(main.getByRole('textbox')).first().fill('ana');
  await main.getByRole('link', { name: /ana/i }).first().waitFor();
  await check(page, 'search', found);

  await page.goto(`${server.url}/notifications`);
  await page.getByRole('list', { name: 'Lista de notificações' }).getByRole('listitem').first().waitFor();
  await check(page, 'notifications', found);

  await page.goto(`${server.url}/messages`);
  const conversation = main.getByRole('link', { name: /Thiago Conceição/ }).first();
  await conversation.waitFor();
  await check(page, 'messages', found);
  await conversation.click();
  await page.waitForURL(/\/messages\/.+/);
  await main.getByRole('textbox').first().waitFor();
  await check(page, 'conversation', found);

  await page.goto(`${server.url}/communities`);
  const community = main.getByRole('article', { name: 'Corredores de Rua' }).getByRole('link').first();
  await community.waitFor();
  await check(page, 'communities', found);
  await community.click();
  await page.waitForURL(/\/communities\/.+/);
  await main.getByRole('heading', { name: 'Corredores de Rua' }).waitFor();
  await check(page, 'community', found);

  await page.goto(`${server.url}/listening-rooms`);
  const room = main.locator('[aria-labelledby^="room-"]').filter({ hasText: 'Jazz na Varanda' }).getByRole('link').first();
  await room.waitFor();
  await check(page, 'rooms', found);
  await room.click();
  await page.waitForURL(/\/listening-room\/.+/);
  await main.getByRole('heading', { name: /Jazz na Varanda/ }).first().waitFor();
  // The chat brings its newest message into view inside its own box: the
  // page stays at the top, with the room's name in sight.
  await main.getByRole('list', { name: 'Chat' }).getByRole('listitem').nth(3).waitFor();
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'opening a room scrolled the page away from its name');
  await check(page, 'room', found);

  await page.goto(`${server.url}/stories`);
  const story = main.getByRole('button', { name: /Abrir story de/ }).first();
  await story.waitFor();
  await check(page, 'stories', found);
  await story.click();
  await page.getByRole('dialog').waitFor();
  await check(page, 'story viewer', found);
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/settings`);
  await main.getByRole('heading').first().waitFor();
  await check(page, 'settings', found);
  assert.deepEqual(problems, []);
}));

test('the console has no axe violation on its main screens, at 390 and 1280 wide', () => checking(async (found) => {
  const { page, problems } = await watchedPage(browser);
  await page.goto(`${server.url}/admin/`);
  await page.locator('input[name="username"]').fill(admin.email);
  await page.locator('input[name="password"]').fill(admin.password);
  await check(page, 'console sign-in', found);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Painel' }).first().waitFor();
  await check(page, 'console dashboard', found);
  for (const [resource, screen] of [['profiles', 'users'], ['posts', 'posts'], ['reports', 'reports'], ['mail', 'emails']]) {
    await page.goto(`${server.url}/admin/#/${resource}`);
    // A table with rows, or the list's empty state.
    await page.locator('table tbody tr, .RaEmpty-message, [class*="RaEmpty"]').first().waitFor();
    await check(page, `console ${screen}`, found);
  }
  assert.deepEqual(problems, []);
}));
