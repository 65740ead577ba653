// A member's blocked servers in /settings, 'Privacidade e segurança', with
// worst-case data: the longest domain a server can have (253 characters),
// a long handle and name, and the Portuguese error of a malformed domain,
// at 390x844, 768x1024 and 1280x800, saved as screenshots. Blocking and
// unblocking through the form is checked on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { api, member, signIn, signInToken } from '../lib/members.mjs';
import { longHandle, longName } from '../lib/worst-case.mjs';

const { server, browser } = await serverAndBrowser();

const longest = `${`${'a'.repeat(63)}.`.repeat(3)}${'b'.repeat(61)}`;

test('blocked servers: block, unblock, and the worst case at the three sizes', async () => {
  const m = await member(server, longHandle('servidores'), longName('S'));
  const bearer = await signInToken(server, m.email);
  await api(server, bearer, 'POST', '/safety/domain-blocks', { domain: longest });
  await api(server, bearer, 'POST', '/safety/domain-blocks', { domain: 'mastodon.exemplo.social:8443' });

  const p = await watchedPage(browser);
  await signIn(server, p.page, m);
  await p.page.goto(`${server.url}/settings`);
  const part = p.page.getByRole('region', { name: 'Servidores bloqueados' });
  const list = part.getByRole('list', { name: 'Servidores bloqueados' });
  await list.getByText(longest).waitFor();

  // Block one through the form, pasted as an address, then unblock it.
  const input = part.getByLabel('Domínio do servidor');
  await input.fill('https://Outro.Exemplo/');
  await part.getByRole('button', { name: 'Bloquear servidor' }).click();
  await list.getByText('outro.exemplo', { exact: true }).waitFor();
  await list.getByRole('button', { name: 'Desbloquear outro.exemplo' }).click();
  await list.getByText('outro.exemplo', { exact: true }).waitFor({ state: 'detached' });

  // A malformed domain is refused before anything is sent.
  await input.fill('não é um domínio');
  await part.getByRole('button', { name: 'Bloquear servidor' }).click();
  await part.getByRole('alert').filter({ hasText: 'Digite um domínio válido, como exemplo.social.' }).waitFor();

  for (const [name, size] of [['390', { width: 390, height: 844 }], ['768', { width: 768, height: 1024 }], ['1280', { width: 1280, height: 800 }]]) {
    await p.page.setViewportSize(size);
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: path.join(artifacts, `domain-blocks-${name}.png`) });
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: the page is ${overflow}px wider than the window`);
  }
  assert.deepEqual(p.problems, []);
  await p.context.close();
});
