// Smoke journey of the foundation: the binary serves the member app, the
// admin console, the API reference and the OpenAPI document, and stops
// cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { consoleSignIn, signInToken, staff } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

test('a visitor opening / lands on /auth', async () => {
  const { page, context, problems } = await watchedPage(browser);
  await page.goto(`${server.url}/`);
  await page.waitForURL('**/auth');
  await page.getByRole('tab', { name: 'Entrar' }).waitFor();
  await page.getByRole('tab', { name: 'Cadastrar' }).waitFor();
  await page.screenshot({ path: path.join(artifacts, 'auth.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('an unknown path shows the 404 page', async () => {
  const { page, context, problems } = await watchedPage(browser);
  await page.goto(`${server.url}/nada/por/aqui`);
  await page.getByText('Oops! Page not found').waitFor();
  const home = page.getByRole('link', { name: 'Return to Home' });
  assert.equal(await home.getAttribute('href'), '/');
  assert.deepEqual(problems, []);
  await context.close();
});

test('/admin shows the dashboard with counts from the API', async () => {
  const { page, context, problems } = await watchedPage(browser);
  // Without a session the console asks to sign in, and the API refuses.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  assert.equal((await fetch(`${server.url}/api/v1/admin/stats`)).status, 401);
  await consoleSignIn(server, page, staff(server, 'chefe'));
  await page.getByText('Migrações aplicadas').waitFor();
  const token = await signInToken(server, 'chefe@example.com');
  const stats = await (await fetch(`${server.url}/api/v1/admin/stats`, { headers: { Authorization: `Bearer ${token}` } })).json();
  assert.ok(stats.migrations_applied > 0);
  await page.getByText(String(stats.migrations_applied), { exact: true }).first().waitFor();
  await page.getByText('Fila de jobs').waitFor();
  await page.screenshot({ path: path.join(artifacts, 'admin.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('/api/docs renders the API reference offline', async () => {
  const { page, context, problems } = await watchedPage(browser);
  const foreign = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(server.url) && !req.url().startsWith('data:')) foreign.push(req.url());
  });
  await page.goto(`${server.url}/api/docs`);
  await page.getByText('social API').first().waitFor();
  // An operation's path, whichever tag comes first (only the first
  // group is open when the page loads).
  await page.getByText(/^\/api\/v1\/[a-z]/).first().waitFor();
  await page.screenshot({ path: path.join(artifacts, 'api-docs.png') });
  assert.deepEqual(foreign, [], 'the docs page fetched from another host');
  assert.deepEqual(problems, []);
  await context.close();
});

test('/api/openapi.json is an OpenAPI 3.1 document', async () => {
  const res = await fetch(`${server.url}/api/openapi.json`);
  assert.equal(res.status, 200);
  const doc = await res.json();
  assert.equal(doc.openapi, '3.1.0');
  assert.ok(doc.paths['/api/v1/meta'], 'meta operation documented');
  assert.ok(res.headers.get('content-security-policy'), 'security headers on the document');
});

test('SIGINT stops the server and its private PostgreSQL', async () => {
  const result = await server.stop();
  assert.equal(result.code, 0, `exit ${result.code} ${result.signal}\n${server.logs.join('')}`);
  assert.equal(result.postgresLeft, false, 'a PostgreSQL process was left behind');
});
