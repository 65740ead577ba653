// The weekly e-mail digest: a member turns it on in Configurações, a
// follow arrives, the week's run mails the summary, and its link, opened in
// a browser without a session, turns the digest off; the token travels in
// the URL fragment and the request body only, so the server's log never
// shows it. Configurações then shows the switch off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from '../lib/harness.mjs';
import { api, member, signIn, signInToken, watch } from '../lib/members.mjs';

// The week's digests go out at once (not Monday noon), looked for every
// second; every request is logged, so that the log is worth searching.
const { server, browser } = await serverAndBrowser({
  SOCIAL_DIGEST_SEND_AFTER: '0s',
  SOCIAL_DIGEST_CHECK_EVERY: '1s',
  SOCIAL_LOG_REQUESTS: 'all',
});

async function digestMail(email) {
  const filter = encodeURIComponent(JSON.stringify({ to: email }));
  for (let i = 0; i < 100; i += 1) {
    const mails = await (await fetch(`${server.url}/api/v1/admin/mail?filter=${filter}`)).json();
    const found = mails.find((m) => m.subject.startsWith('Seu resumo semanal'));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no digest mailed to ${email}`);
}

test('the digest is turned on in Configurações and off from its e-mail without signing in', async () => {
  const ana = await member(server, 'ana_resumo', 'Ana Resumo');
  const bia = await member(server, 'bia_resumo', 'Bia Resumo');
  const problems = [];
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  const page = watch(await context.newPage(), problems);
  await signIn(server, page, ana);
  await page.goto(`${server.url}/settings`);
  const toggle = page.getByRole('switch', { name: 'Resumo semanal por e-mail' });
  await toggle.waitFor();
  assert.equal(await toggle.isChecked(), false, 'off by default');
  await toggle.click();
  await page.getByText('Resumo semanal ativado').waitFor();

  await api(server, await signInToken(server, bia.email), 'POST', `/profiles/${ana.handle}/follow`);
  const mail = await digestMail(ana.email);
  assert.equal(mail.subject, 'Seu resumo semanal: 1 notificação não lida');
  assert.match(mail.body_text, /- 1 novo seguidor\n/);
  assert.match(mail.body_text, /- Bia Resumo começou a seguir você\n/);
  const link = mail.body_text.match(/https?:\/\/\S+\/email\/unsubscribe#t=[\w-]+/)?.[0];
  assert.ok(link, mail.body_text);
  const token = link.split('#t=')[1];

  // A browser without the member's session opens the link.
  const stranger = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  const visitor = watch(await stranger.newPage(), problems);
  await visitor.goto(link);
  await visitor.getByText('Você não receberá mais o resumo semanal por e-mail.').waitFor();
  assert.equal(new URL(visitor.url()).hash, '', 'the token left the address bar');
  await stranger.close();

  await page.reload();
  await toggle.waitFor();
  assert.equal(await toggle.isChecked(), false, 'off after the link');
  await context.close();
  assert.ok(server.logs.join('').includes('/email/unsubscribe'), 'the page request is in the log');
  assert.ok(!server.logs.join('').includes(token), 'the token is in the server log');
  assert.deepEqual(problems, []);
});
