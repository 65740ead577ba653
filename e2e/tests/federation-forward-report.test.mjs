// The console's forwarding of a report about another server's account,
// as a moderator sees it: the button, its dialog with the worst case (a
// 500-character reason of one unbroken word, a 253-character server name)
// at a phone's and a laptop's size, nothing wider than the screen, and the
// forwarded state. The Flag itself is checked by
// plugins/federation/forward_test.go.
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
  ['laptop', 1280, 800],
];

const wider = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test('a moderator sees a remote report, opens the forwarding and then reads where it went', async () => {
  const mod = await member(server, 'moderadora', 'Moderadora');
  server.sql(`UPDATE accounts SET role = 'moderator' WHERE email = '${mod.email}'`);
  const ana = await member(server, 'ana_remota', 'Ana');
  const bia = await member(server, 'bia', 'Bia');
  const post = await api(server, await signInToken(server, ana.email), 'POST', '/posts', { text_content: 'Compre já!' });
  const reason = token(500, 'R');
  await api(server, await signInToken(server, bia.email), 'POST', `/posts/${post.id}/report`, { reason });
  // The author made another server's account (a 253-character host), as
  // a Note from there would have made it.
  const domain = `${token(62, 'a')}.${token(62, 'b')}.${token(62, 'c')}.${token(56, 'd')}.example`;
  assert.equal(domain.length, 253);
  server.sql(`UPDATE profiles SET domain = '${domain}', handle = 'ana_remota@${domain}' WHERE handle = 'ana_remota'`);
  const reportId = server.sql(`SELECT id FROM reports WHERE target_id = '${post.id}'`);

  for (const [name, width, height] of sizes) {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height } });
    try {
      const page = await context.newPage();
      await consoleSignIn(server, page, mod);
      await page.goto(`${server.url}/admin/#/reports/${reportId}/show`);
      const button = page.getByRole('button', { name: 'Encaminhar ao servidor de origem' });
      await button.waitFor();
      await page.screenshot({ path: path.join(artifacts, `federation-forward-report-${name}.png`), fullPage: true });
      assert.equal(await wider(page), false, `the report is wider than the ${name}'s screen`);

      await button.click();
      const dialog = page.getByRole('dialog');
      const text = dialog.getByLabel('Texto para a moderação do outro servidor');
      await text.waitFor();
      assert.equal(await text.inputValue(), reason);
      await dialog.getByText('500/500 caracteres').waitFor();
      // After the dialog's fade-in.
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(artifacts, `federation-forward-report-dialog-${name}.png`) });
      assert.equal(await wider(page), false, `the dialog is wider than the ${name}'s screen`);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    } finally {
      await context.close();
    }
  }

  server.sql(`INSERT INTO federation_forwarded_reports (report_id, activity_id, server, content, forwarded_at)
    VALUES ('${reportId}', 'https://social.example/ap/actor/flags/${reportId}', '${domain}', 'Spam', '2026-11-24T15:30:00Z')`);
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await consoleSignIn(server, page, mod);
    await page.goto(`${server.url}/admin/#/reports/${reportId}/show`);
    await page.getByText(`Encaminhada a ${domain} em`).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Encaminhar ao servidor de origem' }).count(), 0);
    await page.screenshot({ path: path.join(artifacts, 'federation-forward-report-forwarded-phone.png'), fullPage: true });
    assert.equal(await wider(page), false, 'the forwarded report is wider than the phone');
  } finally {
    await context.close();
  }
});
