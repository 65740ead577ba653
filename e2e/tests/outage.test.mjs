// The database goes away under a signed-in member (issue 11): the server
// answers 503 at once, the app tells it with the outage's toast and texts and keeps
// what the member wrote and their session, even across a reload made
// during the outage; once PostgreSQL is back, posting works again and
// nothing written before was lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, signIn } from '../lib/members.mjs';
import path from 'node:path';

const { server, browser } = await serverAndBrowser();

/** The sonner toast titled `title` whose description is `description`. */
function toast(page, title, description) {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) })
    .filter({ has: page.locator('[data-description]', { hasText: description }) });
}

test('PostgreSQL stopped: the outage toast, the text and the session kept; posting again once it is back', async () => {
  const a = await member(server, 'paciente', 'Paciente');
  const { page, problems } = await watchedPage(browser);
  let databaseDown = false;
  try {
    await signIn(server, page, a);
    const box = page.getByRole('textbox', { name: 'O que está acontecendo?' });
    const feed = page.getByRole('main');
    await box.fill('Antes da queda');
    await page.getByRole('button', { name: 'Postar' }).click();
    await feed.getByText('Antes da queda').waitFor();
    // The composer has taken the answer (it clears on success) before the
    // database goes away, so what is typed next is not wiped by it.
    await page.waitForFunction((el) => el.value === '', await box.elementHandle());

    server.stopDatabase();
    databaseDown = true;
    const statuses = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/v1/')) statuses.push(`${res.request().method()} ${new URL(res.url()).pathname} ${res.status()}`);
    });
    await box.fill('Escrito durante a queda');
    await page.getByRole('button', { name: 'Postar' }).click();
    await toast(page, 'Erro', 'Não foi possível criar o post. Tente novamente.').first().waitFor();
    assert.ok(statuses.includes('POST /api/v1/posts 503'), `answers: ${statuses.join(', ')}`);
    // The member is still signed in, on the feed, with the text in the box.
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await box.inputValue(), 'Escrito durante a queda');

    // A reload while the database is still away: the app waits as the
    // server's Retry-After says instead of landing on the sign-in page.
    await page.reload();
    await new Promise((r) => setTimeout(r, 2000));
    server.startDatabase();
    databaseDown = false;
    await page.getByRole('heading', { name: 'Últimos posts' }).waitFor({ timeout: 30_000 });
    assert.equal(new URL(page.url()).pathname, '/', 'the reload during the outage signed the member out');

    await feed.getByText('Antes da queda').waitFor();
    await box.fill('Escrito depois da volta');
    await page.getByRole('button', { name: 'Postar' }).click();
    await feed.getByText('Escrito depois da volta').waitFor();
    // The post refused during the outage was not stored behind the member's back.
    assert.equal(await feed.getByText('Escrito durante a queda').count(), 0);
    assert.deepEqual(problems, []);
  } catch (err) {
    await page.screenshot({ path: path.join(artifacts, 'outage.png'), fullPage: true }).catch(() => {});
    throw err;
  } finally {
    if (databaseDown) server.startDatabase();
  }
});
