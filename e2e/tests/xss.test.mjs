// Markup written by members is shown as text, never run: a member whose
// display name, bio and location, post, comment, community (name and
// description), listening room (name, track, artist) and chat message carry
// `<img src=x onerror=...>`, `<script>` and `<svg onload=...>` is seen by
// another member on the feed, the post page, the profile, the communities
// list and page and the room page. No dialog ever opens, no element the
// markup names exists in the page, and the literal text is on screen; so
// is a link preview's title, description and site name. A
// `javascript:` website is refused by the server; an http(s) one is the only
// kind that becomes a link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../lib/harness.mjs';
import { member, password, signIn } from '../lib/members.mjs';

const { server, browser } = await serverAndBrowser();

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const SVG = '<svg onload=alert(3)>';

/** Signs in through the API and returns a caller of the JSON API with that session. */
async function apiAs(m) {
  const res = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: m.email, password }),
  });
  const signedIn = await res.text();
  assert.equal(res.status, 200, signedIn);
  const { access_token: token } = JSON.parse(signedIn);
  return async (method, path, body, want) => {
    const r = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    assert.equal(r.status, want, `${method} ${path}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * Elements the payloads would create if any of them were parsed as HTML (the
 * page's own JSON data block, which never runs, aside).
 */
function injected(page) {
  return page.evaluate(
    () =>
      document.querySelectorAll('img[src="x"], [onerror], [onload], svg[onload], script:not([src]):not([type="application/json"])').length +
      [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
  );
}

test('markup in every member-written text renders as text, and no dialog fires', async () => {
  const ana = await member(server, 'ana', `Ana ${IMG}`);
  const beto = await member(server, 'beto', 'Beto Lima');
  const asAna = await apiAs(ana);
  const asBeto = await apiAs(beto);

  // A javascript: website is refused by the server with the form's message.
  for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript://example.com/%0aalert(1)', 'data:text/html,<script>alert(1)</script>']) {
    const p = await asAna('PATCH', '/profiles/me', { website_url: bad }, 422);
    assert.equal(p.code, 'invalid_input', JSON.stringify(p));
  }
  await asAna('PATCH', '/profiles/me', { bio: `${SCRIPT} ${SVG}`, location: IMG, website_url: 'https://example.com/<b>' }, 200);

  const post = await asAna('POST', '/posts', { text_content: `Olá ${IMG} ${SCRIPT} ${SVG} #seguranca`, visibility: 'public' }, 201);
  // A link preview whose page carried markup in its title, description and
  // site name, stored as the preview job stores what it parsed (the fetcher
  // refuses loopback, so no local page can be previewed through it).
  const linked = await asAna('POST', '/posts', { text_content: 'Leiam https://example.com/artigo', visibility: 'public' }, 201);
  server.sql(`UPDATE posts SET link_preview_url = 'https://example.com/artigo',
    link_preview_title = 'Título ${IMG}', link_preview_description = 'Resumo ${SCRIPT}',
    link_preview_site_name = 'Site ${SVG}' WHERE id = '${linked.id}'`);
  // A stored preview whose link is not http(s) is never made a link.
  const scripted = await asAna('POST', '/posts', { text_content: 'Outro link https://example.com/x', visibility: 'public' }, 201);
  server.sql(`UPDATE posts SET link_preview_url = 'javascript:alert(5)', link_preview_title = 'Perigoso'
    WHERE id = '${scripted.id}'`);
  await asBeto('POST', `/posts/${post.id}/comments`, { text_content: `Resposta ${IMG}${SVG}` }, 201);
  const community = await asAna('POST', '/communities', { name: `Clube ${IMG}`.slice(0, 50), description: `${SCRIPT} ${SVG}` }, 201);
  const room = await asAna(
    'POST',
    '/rooms',
    {
      name: `Sala ${IMG}`,
      description: SCRIPT,
      track_preview_url: `${server.url}/api/v1/rooms/demo-track.wav`,
      current_track: SCRIPT,
      current_artist: SVG,
    },
    201,
  );

  const { page, context, problems } = await watchedPage(browser);
  const dialogs = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await signIn(server, page, beto);

  const seesText = async (text, where) => {
    await page.getByText(text, { exact: false }).first().waitFor();
    assert.equal(await injected(page), 0, `markup became HTML on ${where}`);
  };

  // The feed: the author's name and the post's text.
  await seesText(`Olá ${IMG} ${SCRIPT} ${SVG}`, 'the feed');
  await seesText(`Ana ${IMG}`, 'the feed');
  await seesText(`Título ${IMG}`, 'a link preview');
  await seesText(`Resumo ${SCRIPT}`, 'a link preview');
  await seesText(`Site ${SVG}`, 'a link preview');
  await seesText('Outro link', 'a post whose preview links to javascript:');
  assert.equal(await page.getByText('Perigoso').count(), 0, 'a javascript: preview was shown');

  // The post page: the text and Beto's comment.
  await page.goto(`${server.url}/post/${post.id}`);
  await seesText(`Olá ${IMG}`, 'the post page');
  await seesText(`Resposta ${IMG}${SVG}`, 'the post page');

  // The profile: name, bio, location; the website is a link only because it is https.
  await page.goto(`${server.url}/profile/ana`);
  await seesText(`Ana ${IMG}`, 'the profile');
  await seesText(`${SCRIPT} ${SVG}`, 'the profile');
  await seesText(IMG, 'the profile');
  // (The posts below it have links of their own now: the website's is the one named after it.)
  const site = page.getByRole('link', { name: 'example.com/<b>', exact: true });
  assert.equal(await site.getAttribute('href'), 'https://example.com/<b>');

  // Communities: the list and the page.
  await page.goto(`${server.url}/communities`);
  await seesText(community.name, 'the communities list');
  await page.goto(`${server.url}/communities/${community.id}`);
  await seesText(community.name, 'the community page');
  await seesText(`${SCRIPT} ${SVG}`, 'the community page');

  // The room: its name, track and artist, and a chat message sent from the page.
  await page.goto(`${server.url}/listening-room/${room.id}`);
  await seesText(`Sala ${IMG}`, 'the room page');
  await page.getByLabel('Mensagem').fill(`${SCRIPT}${IMG}${SVG}`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByRole('list', { name: 'Chat' }).getByText(`${SCRIPT}${IMG}${SVG}`, { exact: true }).waitFor();
  assert.equal(await injected(page), 0, 'markup became HTML in the chat');
  // Ana's message arrives live on Beto's open page.
  await asAna('POST', `/rooms/${room.id}/join`, undefined, 200);
  await asAna('POST', `/rooms/${room.id}/messages`, { text: `Oi ${IMG}` }, 201);
  await page.getByRole('list', { name: 'Chat' }).getByText(`Oi ${IMG}`, { exact: true }).waitFor();
  assert.equal(await injected(page), 0, 'markup became HTML in a live chat message');

  assert.deepEqual(dialogs, [], 'a dialog opened');
  assert.deepEqual(problems, []);

  // Control: the same markup, parsed as HTML on purpose, is seen by the DOM
  // check, and its inline handler is stopped by the Content-Security-Policy
  // (no inline script): a second wall, which is also why a dialog alone
  // could not prove the first one.
  const refused = page.waitForEvent('console', { predicate: (msg) => /Content Security Policy|Refused to/i.test(msg.text()) });
  await page.evaluate((html) => {
    const div = document.createElement('div');
    div.innerHTML = html;
    document.body.append(div);
  }, IMG);
  assert.ok((await injected(page)) > 0, 'the DOM check sees markup parsed as HTML');
  await refused;
  assert.deepEqual(dialogs, [], 'the policy let an inline handler run');
  await context.close();
});
