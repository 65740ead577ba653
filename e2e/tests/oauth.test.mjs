// Journey of an app a member connects over OAuth 2, driven by megalodon
// (a Mastodon client library nobody here wrote): it registers, the member
// signs in and clicks 'Autorizar' on the consent screen in Chromium, the
// redirect carrying the code is caught, and the library trades it for a
// token, reads the member, refreshes and revokes; the revoked token is
// refused. Then the worst case: the consent screen and /settings'
// 'Aplicativos conectados' with the longest names, at three sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import megalodon from 'megalodon';
import { member, password, signIn } from '../lib/members.mjs';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { longHandle, longName, longUrl, token } from '../lib/worst-case.mjs';
import { catchRedirect, redirectURI } from '../lib/mastodon-apps.mjs';

// The package's default export holds the generator as its own default.
const generator = megalodon.default ?? megalodon;
const { server, browser } = await serverAndBrowser();

test('megalodon connects an app through the consent screen, refreshes and revokes its token', async () => {
  const m = await member(server, 'helena');
  const client = generator('mastodon', server.url);
  const app = await client.registerApp('Leitor Helena', {
    scopes: ['read', 'write'],
    redirect_uris: redirectURI,
    website: 'https://app.example',
  });
  assert.ok(app.client_id && app.client_secret, 'registered app has credentials');
  assert.match(app.url, /\/oauth\/authorize\?/);

  const { page, problems } = await watchedPage(browser);
  // Signed out: the consent screen sends the member to sign in, and back.
  await page.goto(app.url);
  await page.waitForURL('**/auth');
  const form = page.getByRole('tabpanel', { name: 'Entrar' });
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Leitor Helena quer acessar sua conta' }).waitFor();
  assert.ok(page.url().includes('/oauth/authorize?'), `back on the consent screen: ${page.url()}`);
  await page.getByText('HELENA', { exact: true }).waitFor();
  await page.getByText('@helena').waitFor();
  await page.getByText(/Ver tudo da sua conta/).waitFor();
  await page.getByText(/Agir em seu nome/).waitFor();

  const redirected = catchRedirect(page);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  const back = await redirected;
  assert.equal(back.origin + back.pathname, redirectURI);
  const code = back.searchParams.get('code');
  assert.ok(code, 'the redirect carries a code');

  // megalodon's Mastodon adapter keeps no refresh token (Mastodon issues
  // none); its Pleroma adapter reads the same token answer whole, so it
  // trades the code and refreshes.
  const wholeAnswers = generator('pleroma', server.url);
  const tokens = await wholeAnswers.fetchAccessToken(app.client_id, app.client_secret, code, redirectURI);
  assert.equal(tokens.token_type, 'Bearer');
  assert.equal(tokens.scope, 'read write');
  assert.ok(tokens.refresh_token, 'a refresh token comes with it');
  assert.ok(tokens.expires_in > 0, 'the token says when it ends');
  await assert.rejects(client.fetchAccessToken(app.client_id, app.client_secret, code, redirectURI), 'a code works once');

  // A code presented twice may have been stolen: the token it gave ends.
  await assert.rejects(generator('mastodon', server.url, tokens.access_token).verifyAccountCredentials());

  await page.goto(app.url);
  const again = catchRedirect(page);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  const second = await wholeAnswers.fetchAccessToken(app.client_id, app.client_secret, (await again).searchParams.get('code'), redirectURI);
  const acting = generator('mastodon', server.url, second.access_token);
  const me = await acting.verifyAccountCredentials();
  assert.equal(me.status, 200);
  assert.equal(me.data.username, 'helena');
  assert.equal(me.data.display_name, 'HELENA');
  assert.equal((await acting.verifyAppCredentials()).data.name, 'Leitor Helena');

  const refreshed = await wholeAnswers.refreshToken(app.client_id, app.client_secret, second.refresh_token);
  assert.notEqual(refreshed.access_token, second.access_token);
  assert.ok(refreshed.refresh_token && refreshed.refresh_token !== second.refresh_token, 'the refresh token rotates');
  await assert.rejects(acting.verifyAccountCredentials(), 'the refreshed-away token is refused');
  const renewed = generator('mastodon', server.url, refreshed.access_token);
  assert.equal((await renewed.verifyAccountCredentials()).data.username, 'helena');

  // The app is listed in /settings with its permissions and last use.
  await page.goto(`${server.url}/settings`);
  const section = page.getByRole('region', { name: 'Aplicativos conectados' });
  await section.getByRole('listitem', { name: 'Leitor Helena' }).waitFor();
  await section.getByText(/Último uso/).waitFor();

  await client.revokeToken(app.client_id, app.client_secret, refreshed.access_token);
  await assert.rejects(renewed.verifyAccountCredentials(), (err) => {
    assert.equal(err.response?.status, 401);
    return true;
  });

  // Revoked, the app leaves the list.
  await page.reload();
  await section.getByText(/Nenhum aplicativo conectado/).waitFor();
  assert.deepEqual(problems, []);
});

test('"Negar" sends the app access_denied; "Revogar" in /settings asks first and ends the app\'s access', async () => {
  const m = await member(server, 'ivo');
  const client = generator('mastodon', server.url);
  const app = await client.registerApp('Leitor Ivo', { scopes: ['read'], redirect_uris: redirectURI });
  const { page, problems } = await watchedPage(browser);
  await signIn(server, page, m);

  await page.goto(`${app.url}&state=estado-1`);
  const denied = catchRedirect(page);
  await page.getByRole('button', { name: 'Negar' }).click();
  const back = await denied;
  assert.equal(back.searchParams.get('error'), 'access_denied');
  assert.equal(back.searchParams.get('state'), 'estado-1');

  await page.goto(app.url);
  const approved = catchRedirect(page);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  const tokens = await client.fetchAccessToken(app.client_id, app.client_secret, (await approved).searchParams.get('code'), redirectURI);
  const acting = generator('mastodon', server.url, tokens.access_token);
  await acting.verifyAccountCredentials();

  await page.goto(`${server.url}/settings`);
  const section = page.getByRole('region', { name: 'Aplicativos conectados' });
  await section.getByRole('button', { name: 'Revogar Leitor Ivo' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revogar o acesso de Leitor Ivo?' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  assert.equal((await acting.verifyAccountCredentials()).status, 200, 'cancel leaves the app connected');
  await section.getByRole('button', { name: 'Revogar Leitor Ivo' }).click();
  await dialog.getByRole('button', { name: 'Revogar' }).click();
  await section.getByText(/Nenhum aplicativo conectado/).waitFor();
  await assert.rejects(acting.verifyAccountCredentials());
  assert.deepEqual(problems, []);
});

test('the consent screen and the connected apps at 390, 768 and 1280 wide with the longest names', async () => {
  const m = await member(server, longHandle('oauth'), longName('W'));
  const client = generator('mastodon', server.url);
  const name = token(100, 'W');
  const website = `https://${token(40, 'w')}.example/${'caminho-bem-comprido/'.repeat(8)}?ref=${token(60, 'x')}`;
  const app = await client.registerApp(name, {
    scopes: ['read', 'write', 'follow', 'push', 'profile'],
    redirect_uris: `${redirectURI}?${longUrl.split('?')[1]}`,
    website,
  });
  const { page, context, problems } = await watchedPage(browser);
  await signIn(server, page, m);
  for (const size of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Autorizar' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `consent screen scrolls sideways by ${overflow}px at ${size.width}`);
    await page.screenshot({ path: path.join(artifacts, `oauth-consent-${size.width}.png`), fullPage: true });
  }
  const approved = catchRedirect(page);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  const back = await approved;
  await client.fetchAccessToken(app.client_id, app.client_secret, back.searchParams.get('code'), app.redirect_uri);
  for (const size of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Aplicativos conectados' });
    await section.getByRole('listitem', { name }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `settings scroll sideways by ${overflow}px at ${size.width}`);
    await page.screenshot({ path: path.join(artifacts, `oauth-connected-apps-${size.width}.png`), fullPage: true });
    await section.getByRole('button', { name: `Revogar ${name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.screenshot({ path: path.join(artifacts, `oauth-revoke-dialog-${size.width}.png`) });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  }
  await context.close();
  assert.deepEqual(problems, []);
});
