// The journey of direct messages: B waits on /messages (empty inbox); A
// opens the conversation from B's profile message button and writes; B,
// without reloading, gets the unread badge on 'Mensagens' and the
// conversation in the inbox; opening it clears the badge and A sees 'Visto';
// B's reply reaches A live; a third member gets 'Conversa não encontrada'
// for the same address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, signIn } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

test('A messages B from B’s profile; B receives it live with an unread badge', async () => {
  const a = await member(server, 'alice', 'Alice Prado');
  const b = await member(server, 'beto', 'Beto Nunes');
  const c = await member(server, 'cris');
  const pa = await watchedPage(browser);
  const pb = await watchedPage(browser);
  const pc = await watchedPage(browser);
  await signIn(server, pa.page, a);
  await signIn(server, pb.page, b);
  await signIn(server, pc.page, c);

  // B waits on the messages screen, reached through the side bar.
  const navB = pb.page.getByRole('navigation', { name: 'Menu principal' });
  await navB.getByRole('link', { name: /^Mensagens/ }).click();
  await pb.page.getByText('No conversations yet').waitFor();
  await pb.page.getByRole('link', { name: 'Find People to Message' }).waitFor();

  // A opens the conversation from B's profile and writes.
  await pa.page.goto(`${server.url}/profile/${b.handle}`);
  await pa.page.getByRole('heading', { name: 'Beto Nunes' }).waitFor();
  await pa.page.getByRole('button', { name: `Enviar mensagem para @${b.handle}` }).click();
  await pa.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationUrl = pa.page.url();
  await pa.page.getByText('Comece a conversa com Beto Nunes.').waitFor();
  const text = 'Oi, Beto! Vamos ao show no sábado?';
  await pa.page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await pa.page.getByRole('button', { name: 'Enviar' }).click();
  const thread = pa.page.getByRole('list', { name: 'Mensagens com Beto Nunes' });
  await thread.getByText(text).waitFor();

  // B, without reloading: the badge says 1 and the conversation is listed.
  await navB.getByRole('link', { name: /^Mensagens.*1 mensagem não lida$/ }).waitFor();
  const inbox = pb.page.getByRole('list', { name: 'Conversas' });
  const row = inbox.getByRole('link').filter({ hasText: 'Alice Prado' });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /Vamos ao show no sábado\?/);

  // B opens it: the message is there, the badge goes, A sees 'Visto'.
  await row.click();
  await pb.page.getByRole('list', { name: 'Mensagens com Alice Prado' }).getByText(text).waitFor();
  await navB.getByRole('link', { name: 'Mensagens', exact: true }).waitFor();
  await thread.getByText('Visto').waitFor();

  // B replies with Enter; A gets it live.
  const reply = 'Bora! Te encontro lá.';
  await pb.page.getByRole('textbox', { name: 'Mensagem' }).fill(reply);
  await pb.page.getByRole('textbox', { name: 'Mensagem' }).press('Enter');
  await thread.getByText(reply).waitFor();

  // A third member gets the same answer as a conversation that does not exist.
  await pc.page.goto(conversationUrl);
  await pc.page.getByText('Conversa não encontrada').waitFor();
  assert.equal(await pc.page.getByText(text).count(), 0);

  assert.deepEqual(pa.problems, []);
  assert.deepEqual(pb.problems, []);
  assert.deepEqual(pc.problems, []);
});
