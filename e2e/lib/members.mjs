// Members for the journeys: signed up through the API, confirmed through the
// dev mail outbox, signed in through the form.
import assert from 'node:assert/strict';

export const password = 'Senha123forte';

/** Signs a member up and confirms them; the display name defaults to the upper-cased handle. */
export async function member(server, handle, displayName = handle.toUpperCase()) {
  const email = `${handle}@example.com`;
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, password_confirmation: password, display_name: displayName, handle }),
  });
  assert.equal(res.status, 201, await res.text());
  const filter = encodeURIComponent(JSON.stringify({ to: email }));
  const mails = await (await fetch(`${server.url}/api/v1/admin/mail?filter=${filter}`)).json();
  const link = mails[0].body_text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)[0];
  const confirmed = await fetch(link, { redirect: 'manual' });
  assert.equal(confirmed.status, 303);
  return { email, handle, displayName };
}

/** Signs in through the form and waits for the feed. */
export async function signIn(server, page, m) {
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('tabpanel', { name: 'Entrar' });
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
}

/** Records CSP violations and uncaught errors of one more page (as watchedPage does). */
export function watch(page, problems) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return page;
}

/** The id in a /post/{id} link or address. */
export function postIdOf(href) {
  const match = /\/post\/([^/?#]+)/.exec(href);
  assert.ok(match, `no post id in ${href}`);
  return decodeURIComponent(match[1]);
}

/** Creates a moderator or administrator with the operator's command line (`social user create`). */
export function staff(server, handle, role = 'admin') {
  const email = `${handle}@example.com`;
  const out = server.cli('user', 'create', '--email', email, '--handle', handle, '--role', role, '--password', password);
  assert.match(out, new RegExp(`created ${email} \\(@${handle}\\) as ${role}`));
  return { email, handle, role };
}

/** Signs in to the admin console (/admin) and waits for its dashboard. */
export async function consoleSignIn(server, page, m) {
  await page.goto(`${server.url}/admin/`);
  await page.locator('input[name="username"]').fill(m.email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Painel' }).or(page.getByText('Membros', { exact: true })).first().waitFor();
}

/** An access token for an API client (token_transport body). */
export async function signInToken(server, email) {
  const res = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text).access_token;
}

/** Calls /api/v1 as a signed-in client; fails the test on an error answer, else returns the JSON body (null when empty). */
export async function api(server, bearer, method, path, body) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
