// Worst-case content for layout checks, written through the API as members
// would write it: the longest names, handles and bios the rules allow,
// unbroken 280-character words and long links.
import assert from 'node:assert/strict';
import { gradientPNG } from './images.mjs';
import { api, member, signInToken } from './members.mjs';

/** One unbroken token of n characters (W is the widest Latin letter). */
export const token = (n, letter = 'W') => letter.repeat(n);
/** A link far wider than any phone. */
export const longUrl = `https://exemplo.com.br/${'caminho-bem-comprido/'.repeat(5)}?utm_source=${token(60, 'x')}`;
/** A 50-character display name without a single space. */
export const longName = (letter) => token(50, letter);
/** A 30-character handle, the longest allowed. */
export const longHandle = (prefix) => prefix.padEnd(30, '_x9').slice(0, 30);
/** 50 characters: the longest community or room name. */
export const longTitle = `Comunidade${token(40, 'M')}`;

/**
 * Two members with the longest names, handles and bios, following each other,
 * with posts, comments, likes, a conversation, an open and a closed community
 * and a listening room, all with worst-case text. Returns what the routes need.
 */
export async function seedWorstCase(server) {
  const a = await member(server, longHandle('ana'), longName('W'));
  const b = await member(server, longHandle('bia'), longName('M'));
  const ta = await signInToken(server, a.email);
  const tb = await signInToken(server, b.email);

  const bio = `${token(280)} ${'Bio de verdade com palavras comuns. '.repeat(6)}`.slice(0, 500);
  await api(server, ta, 'PATCH', '/profiles/me', { bio, location: token(100, 'L'), website_url: longUrl });
  await api(server, tb, 'PATCH', '/profiles/me', { bio, location: token(100, 'L'), website_url: longUrl });
  await api(server, ta, 'POST', `/profiles/${b.handle}/follow`);
  await api(server, tb, 'POST', `/profiles/${a.handle}/follow`);

  const posts = [];
  for (const text of [
    token(280),
    `Olha isto ${longUrl} #${token(30, 'h')} @${b.handle}`,
    `${token(120, 'm')} #musica @${b.handle} ${token(100)}`,
  ]) {
    posts.push(await api(server, ta, 'POST', '/posts', { text_content: text, type: 'text', visibility: 'public' }));
  }
  await api(server, tb, 'POST', '/posts', { text_content: `${longUrl} ${token(70, 'M')}`, type: 'text', visibility: 'public' });
  const post = posts[0];
  await api(server, tb, 'PUT', `/posts/${post.id}/like`);
  await api(server, tb, 'POST', `/posts/${post.id}/comments`, { text_content: `${token(280, 'M')}` });
  await api(server, tb, 'POST', `/posts/${post.id}/comments`, { text_content: `veja ${longUrl}` });
  await api(server, tb, 'POST', `/posts/${posts[1].id}/report`, { reason: `${token(200, 'R')} ${longUrl}` });

  const conversation = await api(server, ta, 'POST', '/messages/conversations', { handle: b.handle });
  await api(server, tb, 'POST', `/messages/conversations/${conversation.id}/messages`, { text: token(280, 'M') });
  await api(server, ta, 'POST', `/messages/conversations/${conversation.id}/messages`, { text: `${longUrl} ok` });

  const open = await api(server, ta, 'POST', '/communities', { name: longTitle, description: token(280, 'D'), privacy: 'open' });
  await api(server, ta, 'POST', '/posts', { text_content: token(280), audience_id: open.id });
  const closed = await api(server, tb, 'POST', '/communities', { name: `Fechada${token(43, 'F')}`, description: longUrl, privacy: 'closed' });

  const room = await api(server, ta, 'POST', '/rooms', {
    name: `Sala${token(46, 'S')}`,
    description: token(280, 'R'),
    track_preview_url: `${server.url}/api/v1/rooms/demo-track.wav`,
    current_track: token(120, 'T'),
    current_artist: token(80, 'A'),
  });
  await api(server, ta, 'POST', `/rooms/${room.id}/messages`, { text: token(280, 'C') });

  // Pictures as the server's jobs leave them: a link preview and a room
  // showing a copy in media storage (no job can fetch one here: the fetcher
  // refuses loopback and nothing outside is reachable).
  const picture = await storedPicture(server, tb);
  server.sql(`UPDATE posts SET link_preview_url = '${longUrl}', link_preview_title = '${token(200, 'T')}',
    link_preview_description = '${token(300, 'D')}', link_preview_site_name = '${token(60, 'S')}',
    link_preview_image_path = '${picture}' WHERE id = '${posts[1].id}'`);
  server.sql(`UPDATE listening_rooms SET track_image_path = '${picture}' WHERE id = '${room.id}'`);

  return { a, b, post, linked: posts[1], conversation, open, closed, room };
}

/** Posts a wide picture as the member of token and answers its storage path. */
async function storedPicture(server, token) {
  const form = new FormData();
  form.append('file', new Blob([gradientPNG(1200, 630)], { type: 'image/png' }), 'capa.png');
  form.append('text_content', 'Capa');
  const res = await fetch(`${server.url}/api/v1/posts/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  return server.sql(`SELECT media_path FROM posts WHERE id = '${JSON.parse(text).id}'`);
}
