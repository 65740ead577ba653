// The console's policies on other servers, as a moderator uses them:
// a policy created through the form, then the list and the edit form
// with the worst case (a long domain, a reason of one unbroken 500-letter
// word) at a phone's, a tablet's and a laptop's size, nothing wider than
// the screen; the removal asks for a reason (the audit entries are
// checked by plugins/federation/moderation_test.go).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser } from '../lib/harness.mjs';
import { api, consoleSignIn, member, signInToken } from '../lib/members.mjs';
import { token } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser({
  SOCIAL_PLUGINS_FEDERATION_ENABLED: 'true',
  SOCIAL_FEDERATION_ALLOW_LOOPBACK_HTTP: 'true',
});

const sizes = [
  ['phone', 390, 844],
  ['tablet', 768, 1024],
  ['laptop', 1280, 800],
];

test('a moderator sets, reads and lifts a policy on another server in the console', async () => {
  // The role through SQL: the command line that raises one does not start
  // with federation on yet.
  const mod = await member(server, 'moderadora', 'Moderadora');
  server.sql(`UPDATE accounts SET role = 'moderator' WHERE email = '${mod.email}'`);
  const bearer = await signInToken(server, mod.email);
  const longDomain = `${token(40, 'd')}.${token(30, 'e')}.example`;
  await api(server, bearer, 'POST', '/admin/federation_policies', {
    domain: longDomain,
    suspend: true,
    silence: true,
    reject_media: true,
    reason: token(500, 'R'),
  });

  for (const [name, width, height] of sizes) {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height } });
    try {
      const page = await context.newPage();
      await consoleSignIn(server, page, mod);
      await page.goto(`${server.url}/admin/#/federation_policies`);
      await page.getByText(longDomain).first().waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      await page.screenshot({ path: path.join(artifacts, `federation-policies-list-${name}.png`), fullPage: true });
      assert.equal(wide, false, `the list is wider than the ${name}'s screen`);

      await page.getByText(longDomain).first().click();
      await page.getByLabel('Motivo').waitFor();
      const wideForm = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      await page.screenshot({ path: path.join(artifacts, `federation-policies-edit-${name}.png`), fullPage: true });
      assert.equal(wideForm, false, `the edit form is wider than the ${name}'s screen`);
    } finally {
      await context.close();
    }
  }

  // Created through the form, then lifted with a reason.
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await consoleSignIn(server, page, mod);
    await page.goto(`${server.url}/admin/#/federation_policies/create`);
    await page.getByLabel('Domínio').fill('ruim.example');
    await page.getByLabel('Silenciar').check();
    await page.getByLabel('Motivo').fill('Assédio organizado');
    await page.screenshot({ path: path.join(artifacts, 'federation-policies-create-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('ruim.example').first().waitFor();
    await page.getByText('ruim.example').first().click();
    await page.getByRole('button', { name: 'Remover política' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Resolvido com o operador');
    await dialog.getByRole('button', { name: 'Remover política' }).click();
    await page.getByText('Política removida').waitFor();
  } finally {
    await context.close();
  }
  const policies = await api(server, bearer, 'GET', '/admin/federation_policies');
  assert.deepEqual(policies.map((p) => p.domain), [longDomain]);
});
