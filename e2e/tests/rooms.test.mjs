// The listening-rooms journey with two members in two browser contexts.
// The radio directory is a local server speaking radio-browser's wire format
// (the real adapter reads it); its one jazz station streams the built-in demo
// track from the app itself, so the CSP's media rules hold and nothing leaves
// the machine.
//
// A creates a radio room from 'Criar Nova Sala'; B, already on the list, sees
// it appear live and enters; both see 'Participantes (2)' and chat both ways
// live. In A's host-led demo room ('Sessão Acústica', from the demo data) A
// seeks and B's player follows, while B's controls stay disabled. A ends that
// room and B lands on 'Sala não encontrada'; the list no longer shows it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { artifacts, serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, signIn } from '../lib/members.mjs';

/** A radio-browser mirror: /json/stations/search answers one jazz station. */
function startDirectory() {
  return new Promise((resolve) => {
    const srv = createServer((req, res) => {
      const url = new URL(req.url, 'http://directory');
      if (url.pathname !== '/json/stations/search') {
        res.writeHead(404).end();
        return;
      }
      const stream = `${server.url}/api/v1/rooms/demo-track.wav`;
      const station = {
        changeuuid: '5d1f7a52-8a8e-4d0b-9d51-1f0c6f3b0a01',
        stationuuid: '7c0a8f7e-2f4b-4c55-9a70-3f4f4c6b2e11',
        name: 'Rádio Bossa Local',
        url: stream,
        url_resolved: stream,
        homepage: '',
        favicon: '',
        tags: 'jazz,bossa nova',
        country: 'Brazil',
        countrycode: 'BR',
        codec: 'WAV',
        bitrate: 88,
        lastcheckok: 1,
        clickcount: 42,
      };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify([station]));
    });
    srv.listen(0, '127.0.0.1', () => resolve(srv));
  });
}

const directory = await startDirectory();
after(() => directory.close());
const { server, browser } = await serverAndBrowser({ SOCIAL_RADIO_MIRRORS: `http://127.0.0.1:${directory.address().port}` });

/** The room page's participant list, once it says 'Participantes (n)'. */
function participants(page, n) {
  return page.getByRole('region', { name: `Participantes (${n})` });
}

test('rooms: live list, presence, chat both ways, host-led seek, end', async () => {
  const ana = await member(server, 'ana', 'Ana Souza');
  const beto = await member(server, 'beto', 'Beto Lima');
  const a = await watchedPage(browser);
  const b = await watchedPage(browser);
  try {
    await journey(a, b, ana, beto);
  } catch (err) {
    // What each member saw when it failed, for the CI artifacts.
    await a.page.screenshot({ path: path.join(artifacts, 'rooms-a.png'), fullPage: true }).catch(() => undefined);
    await b.page.screenshot({ path: path.join(artifacts, 'rooms-b.png'), fullPage: true }).catch(() => undefined);
    // And what the server said meanwhile: presence is joined server-side,
    // and its warnings are the only trace of a join that failed.
    writeFileSync(path.join(artifacts, 'rooms-server.log'), server.logs.join(''));
    throw err;
  }
  assert.deepEqual([...a.problems, ...b.problems], []);
  await a.context.close();
  await b.context.close();
});

async function journey(a, b, ana, beto) {
  await signIn(server, a.page, ana);
  await signIn(server, b.page, beto);

  // A's demo data (the empty feed's card) opens her two demo rooms.
  await a.page.getByRole('button', { name: 'Gerar dados de demonstração' }).click();
  await a.page.getByText('Dados de demonstração criados!').waitFor();

  // B waits on the list; A creates a radio room from the dialog.
  await b.page.goto(`${server.url}/listening-rooms`);
  await b.page.getByRole('heading', { name: 'Sessão Acústica' }).waitFor();
  await a.page.goto(`${server.url}/listening-rooms`);
  await a.page.getByRole('button', { name: 'Criar Sala' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Criar Nova Sala' });
  await a.page.getByText('1 estações de rádio carregadas com sucesso!').waitFor();
  await dialog.getByLabel('Nome da Sala *').fill('Bossa de Segunda');
  // The radio input is visually hidden inside its label: click the station as a person would.
  await dialog.getByText('Rádio Bossa Local', { exact: true }).click();
  assert.equal(await dialog.getByRole('radio', { name: /Rádio Bossa Local/ }).isChecked(), true);
  await dialog.getByRole('button', { name: 'Criar Sala' }).click();
  await a.page.waitForURL(/\/listening-room\/[0-9a-f-]+$/);
  const bossaUrl = a.page.url();
  await a.page.getByRole('heading', { name: 'Bossa de Segunda', level: 1 }).waitFor();
  await a.page.getByText('Hospedado por Ana Souza').waitFor();
  await a.page.getByText('Transmissão ao vivo', { exact: true }).waitFor();
  await participants(a.page, 1).waitFor();

  // The new room appears on B's list live, with A already inside.
  const card = b.page.getByRole('listitem').filter({ has: b.page.getByRole('heading', { name: 'Bossa de Segunda' }) });
  await card.getByText('1 participante').waitFor();
  await card.getByRole('link', { name: 'Entrar na Sala' }).click();
  await b.page.waitForURL(bossaUrl);
  assert.equal(await b.page.getByRole('button', { name: 'Encerrar Sala' }).count(), 0, 'only the host may end');

  // Both see both participants, the host with the crown.
  for (const page of [a.page, b.page]) {
    const list = participants(page, 2);
    await list.getByText('Ana Souza').waitFor();
    await list.getByText('Beto Lima').waitFor();
    await list.getByRole('img', { name: 'Host' }).waitFor();
  }

  // Chat both ways, live; the send button waits for text, and text is trimmed.
  const say = async (page, text) => {
    const box = page.getByLabel('Mensagem');
    const send = page.getByRole('button', { name: 'Enviar' });
    assert.equal(await send.isDisabled(), true, 'send is disabled while the box is blank');
    await box.fill(`  ${text}  `);
    await send.click();
  };
  await say(a.page, 'Oi, Beto! Bem-vindo.');
  await b.page.getByRole('list', { name: 'Chat' }).getByText('Oi, Beto! Bem-vindo.', { exact: true }).waitFor();
  await say(b.page, 'Valeu, Ana!');
  await a.page.getByRole('list', { name: 'Chat' }).getByText('Valeu, Ana!', { exact: true }).waitFor();

  // The host-led room: A seeks, B follows and cannot seek.
  await a.page.goto(`${server.url}/listening-rooms`);
  await a.page
    .getByRole('listitem')
    .filter({ has: a.page.getByRole('heading', { name: 'Sessão Acústica' }) })
    .getByRole('link', { name: 'Entrar na Sala' })
    .click();
  await a.page.getByRole('heading', { name: 'Sessão Acústica', level: 1 }).waitFor();
  const trackUrl = a.page.url();
  await b.page.goto(trackUrl);
  for (const page of [a.page, b.page]) await participants(page, 2).waitFor();
  await b.page.getByText('Apenas o host pode controlar a reprodução').waitFor();
  const bThumb = b.page.getByRole('slider', { name: 'Posição na faixa' });
  assert.equal(await bThumb.getAttribute('aria-disabled'), 'true', "B's seek slider is disabled");
  assert.equal(await b.page.getByRole('button', { name: 'Reproduzir' }).isDisabled(), true);

  const aThumb = a.page.getByRole('slider', { name: 'Posição na faixa' });
  await a.page.waitForFunction(() => {
    const thumb = document.querySelector('[role="slider"]');
    return thumb?.getAttribute('aria-valuetext')?.endsWith('/ 0:30');
  });
  await aThumb.focus();
  for (let i = 0; i < 12; i++) await a.page.keyboard.press('ArrowRight');
  await a.page.waitForFunction(() => document.querySelector('[role="slider"]')?.getAttribute('aria-valuetext') === '0:12 / 0:30');
  // B's player jumps to where the host is.
  await b.page.waitForFunction(() => {
    const audio = document.querySelector('audio[data-testid="room-audio"]');
    return audio && Math.abs(audio.currentTime - 12) < 1.5;
  });
  await b.page.waitForFunction(() =>
    /^0:1[12] \/ 0:30$/.test(document.querySelector('[role="slider"]')?.getAttribute('aria-valuetext') ?? ''),
  );
  // B's keys do nothing: the slider is disabled and the server refuses anyway.
  await bThumb.focus().catch(() => undefined);
  await b.page.keyboard.press('ArrowRight');
  const before = await a.page.locator('[role="slider"]').getAttribute('aria-valuetext');
  assert.match(before ?? '', /^0:1[12] \/ 0:30$/, "B could not move A's position");

  // A ends the room; B is told at once.
  await a.page.getByRole('button', { name: 'Encerrar Sala' }).click();
  await b.page.getByRole('heading', { name: 'Sala não encontrada' }).waitFor();
  await b.page.getByText('A sala que você está procurando não existe ou foi encerrada.').waitFor();
  await b.page.getByRole('link', { name: 'Voltar às Salas' }).click();
  await b.page.getByRole('heading', { name: 'Bossa de Segunda' }).waitFor();
  assert.equal(await b.page.getByRole('heading', { name: 'Sessão Acústica' }).count(), 0, 'the ended room left the list');
}
