// Journey of two-step sign-in: a passkey added in /settings (Chromium's
// virtual authenticator, through the DevTools protocol) signs in alone
// after signing out, and is removed; the authenticator app is turned on in
// /settings with a code the test computes, and the next password sign-in
// asks for its code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { member, password, signIn } from '../lib/members.mjs';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';

// A passkey's site is a domain name: the server answers as localhost.
const { server, browser } = await serverAndBrowser({}, { host: 'localhost' });

/** RFC 6238's code (SHA1, 6 digits, 30 s) of a base32 secret for time step `step`. */
function totp(secret, step) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 30_000);

/** The security mails sent to `to`, newest first. */
async function securityMails(to) {
  const filter = encodeURIComponent(JSON.stringify({ to }));
  const mails = await (await fetch(`${server.url}/api/v1/admin/mail?filter=${filter}`)).json();
  return mails.filter((m) => m.subject === 'Segurança da sua conta no social').map((m) => m.body_text);
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await page.waitForURL('**/auth');
}

/** Signs in with `m`'s password from /auth, up to the second step's screen. */
async function passwordSignInToSecondStep(page, m) {
  const form = page.getByRole('tabpanel', { name: 'Entrar' });
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
}

test('a passkey added in /settings signs in alone, then is removed', async () => {
  const { page, context, problems } = await watchedPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const m = await member(server, 'paula');
  await signIn(server, page, m);
  await page.goto(`${server.url}/settings`);
  const security = page.getByRole('region', { name: 'Segurança' });
  await security.getByLabel('Nome da passkey').fill('Notebook da Paula');
  await security.getByRole('button', { name: 'Adicionar passkey' }).click();
  await security.getByRole('listitem', { name: 'Notebook da Paula' }).waitFor();
  // The first second step brings the recovery codes, shown once.
  const codes = security.getByRole('list', { name: 'Seus códigos de recuperação' }).getByRole('listitem');
  await codes.first().waitFor();
  assert.equal(await codes.count(), 10);
  await security.getByRole('button', { name: 'Já guardei' }).click();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.equal(credentials.length, 1);
  assert.ok(credentials[0].isResidentCredential, 'the passkey is discoverable');
  assert.match((await securityMails(m.email))[0], /passkey \(Notebook da Paula\) foi adicionada/);

  // Signed out, the passkey alone signs in: no e-mail, no password.
  await signOut(page);
  await page.getByRole('button', { name: 'Continuar com uma passkey' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();

  // With a passkey, a password sign-in asks for the second step.
  await signOut(page);
  await passwordSignInToSecondStep(page, m);
  await page.getByRole('button', { name: 'Usar passkey' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();

  // Removed, it is gone from the list and the member is told.
  await page.goto(`${server.url}/settings`);
  await security.getByRole('button', { name: 'Remover a passkey Notebook da Paula' }).click();
  await security.getByText('Nenhuma passkey.').waitFor();
  assert.match((await securityMails(m.email))[0], /passkey \(Notebook da Paula\) foi removida/);

  assert.deepEqual(problems, []);
  await context.close();
});

test('the authenticator app turned on in /settings is asked for at the next sign-in', async () => {
  const { page, context, problems } = await watchedPage(browser);
  const m = await member(server, 'rafa');
  await signIn(server, page, m);
  await page.goto(`${server.url}/settings`);
  const security = page.getByRole('region', { name: 'Segurança' });
  await security.getByRole('button', { name: 'Ativar aplicativo autenticador' }).click();
  await security.getByRole('img', { name: 'Código QR do aplicativo autenticador' }).waitFor();
  const secret = (await security.getByTestId('totp-secret').textContent()).trim();
  assert.match(secret, /^[A-Z2-7]{32}$/);

  const enrolled = stepNow();
  await security.getByLabel('Código de 6 dígitos').fill(totp(secret, enrolled));
  await security.getByRole('button', { name: 'Confirmar e ativar' }).click();
  const codes = security.getByRole('list', { name: 'Seus códigos de recuperação' }).getByRole('listitem');
  await codes.first().waitFor();
  assert.equal(await codes.count(), 10);
  await security.getByRole('button', { name: 'Já guardei' }).click();
  await security.getByText('Ativado: ao entrar com a senha, pedimos o código do aplicativo.').waitFor();
  assert.match((await securityMails(m.email))[0], /aplicativo autenticador foi ativada/);

  // The password alone opens no session now.
  await signOut(page);
  await passwordSignInToSecondStep(page, m);
  await page.getByLabel('Código do aplicativo').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByText('Código inválido. Confira o código e tente novamente.').waitFor();
  assert.ok(page.url().endsWith('/auth'));

  // The confirmation's code is used: the next time step's code signs in.
  // Still within the confirmation's step, that is the code of an app whose
  // clock runs a little ahead, which the server takes (one step of drift
  // either way), rather than waiting up to 30 s for the step to turn.
  await page.getByLabel('Código do aplicativo').fill(totp(secret, Math.max(stepNow(), enrolled + 1)));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();

  assert.deepEqual(problems, []);
  await context.close();
});
