// Journey of issue 3: a visitor signs up, confirms through the mailed link,
// crops and uploads an avatar and a banner, edits the profile, sees it all on
// /profile/{handle}, signs out and stays signed out after a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { consoleSignIn, staff } from '../lib/members.mjs';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { gradientPNG } from '../lib/images.mjs';

const { server, browser } = await serverAndBrowser();

/** The newest mail to `to` in the dev outbox (read through the admin API). */
async function latestMail(to) {
  const filter = encodeURIComponent(JSON.stringify({ to }));
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${server.url}/api/v1/admin/mail?filter=${filter}&sort=${encodeURIComponent('["created_at","DESC"]')}`);
    assert.equal(res.status, 200);
    const mails = await res.json();
    if (mails.length > 0) return mails[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

test('sign up, confirm, set avatar and banner, edit the profile, sign out', async () => {
  const { page, context, problems } = await watchedPage(browser);
  const email = 'ana.souza@example.com';
  const handle = 'ana_souza';

  // Sign up.
  await page.goto(`${server.url}/`);
  await page.waitForURL('**/auth');
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  const form = page.getByRole('tabpanel', { name: 'Cadastrar' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill('Senha123forte');
  await form.getByLabel('Confirmar senha').fill('Senha123forte');
  await form.getByLabel('Nome', { exact: true }).fill('  Ana   Souza ');
  // Typing strips what a handle cannot hold and lowercases it.
  await form.getByLabel('Nome de usuário').pressSequentially('Ana_Souza!');
  assert.equal(await form.getByLabel('Nome de usuário').inputValue(), handle);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await page.getByText('Verifique seu email para confirmar a conta.').first().waitFor();

  // The dev outbox shows the mail in the admin console too.
  // (The console needs an administrator; the outbox resource alone is open in development.)
  const admin = await context.newPage();
  await consoleSignIn(server, admin, staff(server, 'operadora'));
  await admin.goto(`${server.url}/admin/#/mail`);
  await admin.getByText(email).first().waitFor();
  await admin.getByText('Confirme seu email no social').first().waitFor();
  await admin.close();

  // Confirm through the link in the mail: it lands on the site root, signed in.
  const mail = await latestMail(email);
  const link = mail.body_text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)?.[0];
  assert.ok(link, `confirmation link in: ${mail.body_text}`);
  await page.goto(link);
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('heading', { name: 'Últimos posts' }).waitFor();
  await page.getByText('Ana Souza').first().waitFor();

  // Own profile, edit dialog.
  await page.goto(`${server.url}/profile`);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog');

  // Avatar: pick, crop (square, round), confirm.
  // The hidden file inputs are named by the buttons that open them.
  await dialog.getByLabel('Alterar', { exact: true }).setInputFiles({ name: 'minha-foto.png', mimeType: 'image/png', buffer: gradientPNG(640, 480) });
  const avatarCrop = page.getByRole('dialog', { name: 'Ajustar Foto de Perfil' });
  await avatarCrop.getByRole('button', { name: 'Girar 90°' }).click();
  await avatarCrop.getByRole('button', { name: 'Confirmar' }).click();
  await avatarCrop.waitFor({ state: 'detached' });

  // Banner: pick, crop (3:1), confirm.
  await dialog.getByLabel('Adicionar Banner').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: gradientPNG(1200, 500) });
  const bannerCrop = page.getByRole('dialog', { name: 'Ajustar Banner' });
  await bannerCrop.getByRole('button', { name: 'Confirmar' }).click();
  await bannerCrop.waitFor({ state: 'detached' });

  await dialog.getByLabel('Bio').fill('Ouvinte de bossa nova e leitora de Clarice.');
  await dialog.getByLabel('Localização').fill('Recife, PE');
  await dialog.getByLabel('Website').fill('https://ana.example.com');
  await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
  await page.getByText('Perfil atualizado').first().waitFor();

  // Everything shows on the public profile.
  await page.goto(`${server.url}/profile/${handle}`);
  await page.getByRole('heading', { name: 'Ana Souza' }).waitFor();
  await page.getByText(`@${handle}`).first().waitFor();
  await page.getByText('Ouvinte de bossa nova e leitora de Clarice.').waitFor();
  await page.getByText('Recife, PE').waitFor();
  assert.equal(await page.getByRole('link', { name: /ana\.example\.com/ }).getAttribute('href'), 'https://ana.example.com');
  await page.getByText(/^Joined /).waitFor();
  const loaded = await page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth > 0).map((img) => [img.naturalWidth, img.naturalHeight]),
  );
  // The avatar is square; the banner is three times as wide as it is tall.
  assert.ok(loaded.some(([w, h]) => w === h), `a square avatar among ${JSON.stringify(loaded)}`);
  assert.ok(loaded.some(([w, h]) => Math.abs(w / h - 3) < 0.05), `a 3:1 banner among ${JSON.stringify(loaded)}`);
  await page.screenshot({ path: path.join(artifacts, 'profile.png'), fullPage: true });

  // Sign out, reload, stay out.
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await page.getByText('Logout realizado').first().waitFor();
  await page.waitForURL('**/auth');
  await page.reload();
  await page.getByRole('tab', { name: 'Entrar' }).waitFor();
  await page.goto(`${server.url}/profile`);
  await page.waitForURL('**/auth');

  assert.deepEqual(problems, []);
  await context.close();
});
