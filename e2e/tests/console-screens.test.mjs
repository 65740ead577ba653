// The console's sign-in page brings only the shell: the libraries it runs on
// and the console's own frame, compressed and cached for good, and none of
// the screens, which come the first time each is shown. A screen whose code
// is gone (the console was deployed again while the page stayed open) says
// so and offers a reload that brings it back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptsOnTheWire } from '../lib/scripts.mjs';
import { serverAndBrowser } from '../lib/harness.mjs';
import { password, staff } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

// The sign-in page's JavaScript on the wire, compressed, headers included.
// react-admin's <Admin> brings its layout, router, forms and query cache
// before the form shows (253 KB in 6 files today, from 286 KB when the whole
// console was one file): the guard stands there with a little room.
const SIGN_IN_BUDGET = 260 * 1024;
// A file too small to gain from compression is sent as it is.
const COMPRESSIBLE = 1024;
// The chunks of the screens and of the libraries only they use.
const SCREEN_CHUNK = /\/admin\/assets\/(dashboard|screens-libs|[a-z]+-(list|show))-[\w-]+\.js$/;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

test('the console sign-in page brings the shell only, compressed and cached for good; the screens come after signing in', async () => {
  const chefe = staff(server, 'chefe', 'admin');
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const signIn = await scriptsOnTheWire(page, `${server.url}/admin/`, () => page.getByRole('button', { name: 'Entrar' }).waitFor());
    console.log(`/admin/ (sign-in): ${kb(signIn.total)} of JavaScript in ${signIn.scripts.length} files`);
    assert.ok(signIn.scripts.length > 0, 'no script measured');
    for (const s of signIn.scripts) {
      if (s.bytes > COMPRESSIBLE) assert.equal(s.encoding, 'br', `${s.url} came ${s.encoding}`);
      assert.equal(s.cache, 'public, max-age=31536000, immutable', `${s.url} is cached as "${s.cache}"`);
    }
    assert.deepEqual(signIn.scripts.filter((s) => SCREEN_CHUNK.test(s.url)).map((s) => s.url), [], 'the sign-in page fetched screens');
    assert.ok(
      signIn.total <= SIGN_IN_BUDGET,
      `/admin/ brought ${kb(signIn.total)} of JavaScript, over ${kb(SIGN_IN_BUDGET)}:\n${signIn.scripts.map((s) => `${s.bytes} ${s.url}`).join('\n')}`,
    );

    // Signing in fetches the dashboard's code, compressed too.
    const fetched = [];
    page.on('response', (response) => {
      if (SCREEN_CHUNK.test(response.url())) fetched.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });
    await page.locator('input[name="username"]').fill(chefe.email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Painel' }).first().waitFor();
    const dashboard = fetched.find((f) => /\/dashboard-[\w-]+\.js$/.test(f.url));
    assert.ok(dashboard, `the dashboard's chunk was not fetched: ${JSON.stringify(fetched)}`);
    assert.equal(dashboard.encoding, 'br');
  } finally {
    await context.close();
  }
});

test('a screen whose code cannot be fetched offers a reload, and the reload shows it', async () => {
  const chefe = staff(server, 'operadora', 'admin');
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  let shown = false;
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/`);
    await page.locator('input[name="username"]').fill(chefe.email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Painel' }).first().waitFor();

    // As after a deploy: the list's chunk of the open page is no longer there.
    const gone = /\/admin\/assets\/migration-list-[\w-]+\.js$/;
    await page.route(gone, (route) => route.fulfill({ status: 404, body: '404 page not found' }));
    await page.getByRole('menuitem', { name: 'Migrações' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível abrir esta tela.' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Recarregue a página para tentar de novo/);

    await page.unroute(gone);
    await alert.getByRole('button', { name: 'Recarregar página' }).click();
    await page.getByRole('table').getByText('Aplicada em').waitFor();
    assert.equal(await page.getByText('Não foi possível abrir esta tela.').count(), 0);
    shown = true;
  } finally {
    // Left open on a failure, for the harness's screenshot; the browser closes it after the file.
    if (shown) await context.close();
  }
});
