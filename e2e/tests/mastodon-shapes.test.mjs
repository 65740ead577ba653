// The shape checker itself: the schemas derived from masto's types reach
// every entity the routes name, read the wire's snake_case, and refuse what
// does not fit. The journeys (mastodon-masto, mastodon-megalodon) check real
// answers with it, and show it refusing a real Status made wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ShapeChecker, entityFor } from '../lib/mastodon-shapes.mjs';

const checker = new ShapeChecker();

test('the schemas come from masto\'s types, in the wire\'s snake_case', () => {
  for (const name of ['Account', 'CredentialAccount', 'Status', 'MediaAttachment', 'Notification', 'Relationship', 'Instance', 'v2.Instance', 'Tag', 'Marker', 'v2.Filter', 'Preference', 'Context', 'v2.Search']) {
    assert.ok(checker.definitions.includes(name), `${name} is derived`);
  }
  const tag = { id: 'cafe', name: 'cafe', url: 'http://x/tags/cafe', history: [{ day: '1', uses: '2', accounts: '1' }] };
  assert.deepEqual(checker.check('Tag', tag), []);
  assert.deepEqual(checker.check(['Tag'], [tag, tag]), []);
  // Status declares reblogsCount: the wire says reblogs_count, and the camelCase key is foreign there.
  const camelProblems = checker.check('Status', { reblogsCount: 0 });
  assert.ok(camelProblems.some((p) => p.includes("must have required property 'reblogs_count'")), camelProblems.join('\n'));
  assert.ok(camelProblems.some((p) => p.includes('must NOT have additional properties: reblogsCount')), camelProblems.join('\n'));
});

test('the checker refuses wrong types, missing fields, foreign keys and values outside an enum', () => {
  assert.match(checker.check('Tag', { id: 'a', name: 3, url: 'u' }).join('\n'), /\/name must be string/);
  assert.match(checker.check('Tag', { id: 'a', url: 'u' }).join('\n'), /must have required property 'name'/);
  assert.match(checker.check('Tag', { id: 'a', name: 'n', url: 'u', colour: 'red' }).join('\n'), /additional properties: colour/);
  assert.match(checker.check(['Tag'], [{ id: 'a', name: 'n', url: 'u' }, null]).join('\n'), /\/1 must be object/);
  // Open enums (masto's registries) keep their values: visibility is one of four words.
  const wrongVisibility = checker.check('Status', { visibility: 'friends_only' }).join('\n');
  assert.match(wrongVisibility, /\/visibility must be equal to one of the allowed values \["public","unlisted","private","direct"\]/);
  assert.match(checker.check('MediaAttachment', { type: 'photo' }).join('\n'), /\/type must be equal to one of the allowed values/);
  assert.match(checker.check('Marker', { home: { last_read_id: '1', version: 'one', updated_at: 'x' } }).join('\n'), /\/home\/version must be number/);
});

test('a search answers masto\'s Search: its hashtags are Tags with an ID, with or without history', () => {
  // As the plugin writes them (plugins/mastodon/httpapi/search.go): a tag
  // nobody used this week has an empty history, a trending one the week's.
  const tag = (name, history) => ({ id: name, name, url: `https://rede.example/search?q=%23${name}`, history, following: false });
  const answer = { accounts: [], statuses: [], hashtags: [tag('pra', []), tag('praia', [{ day: '1795996800', uses: '2', accounts: '1' }])] };
  assert.deepEqual(checker.check('v2.Search', answer), []);
  assert.match(checker.check('v2.Search', { accounts: [], statuses: [] }).join('\n'), /must have required property 'hashtags'/);
  const withoutID = tag('praia', []);
  delete withoutID.id;
  assert.match(checker.check('v2.Search', { ...answer, hashtags: [withoutID] }).join('\n'), /\/hashtags\/0 must have required property 'id'/);
});

test('fields Mastodon documents and masto leaves out are allowed with their type, and only those', () => {
  const token = { access_token: 'a', token_type: 'Bearer', scope: 'read', created_at: 1 };
  assert.deepEqual(checker.check('Token', { ...token, refresh_token: 'r', expires_in: 3600 }), []);
  assert.match(checker.check('Token', { ...token, expires_in: '3600' }).join('\n'), /\/expires_in must be number/);
  assert.match(checker.check('Token', { ...token, id_token: 'x' }).join('\n'), /additional properties: id_token/);
  assert.deepEqual(checker.check('Application', { name: 'App', id: '1', redirect_uri: 'urn:ietf:wg:oauth:2.0:oob' }), []);
  const client = { name: 'App', id: '1', client_id: 'c', client_secret: 's', redirect_uris: ['https://app.example/cb'], scopes: ['read'] };
  assert.deepEqual(checker.check('Client', { ...client, client_secret_expires_at: 0 }), []);
  assert.match(checker.check('Client', { ...client, client_secret_expires_at: '0' }).join('\n'), /\/client_secret_expires_at must be integer/);
  // Where the documentation and the types disagree, the documented type holds, and only it.
  const schema = (name) => checker.ajv.getSchema('wire').schema.definitions[name];
  assert.deepEqual(schema('Account').properties.last_status_at.type, ['string', 'null']);
  assert.ok(!schema('Status').required.includes('application') && schema('Status').required.includes('quote_approval'));
  assert.ok(!schema('AccountSource').required.includes('role') && schema('AccountSource').required.includes('indexable'));
  assert.deepEqual(checker.check('v2.InstanceApiVersions', { mastodon: 6 }), []);
  assert.match(checker.check('v2.InstanceApiVersions', { mastodon: '6' }).join('\n'), /\/mastodon must be integer/);
  // A key that starts with no letter is the wire's as written ("@1x", not "1x").
  const icon = 'http://x/icon.png';
  assert.deepEqual(checker.check('v2.InstanceThumbnail', { url: icon, description: 'd', versions: { '@1x': icon, '@2x': icon } }), []);
});

test('each Mastodon endpoint names the entity it answers with', () => {
  assert.equal(entityFor('GET', '/api/v1/accounts/verify_credentials'), 'CredentialAccount');
  assert.equal(entityFor('GET', '/api/v1/accounts/0190f2a0-0000-7000-8000-000000000000'), 'Account');
  assert.deepEqual(entityFor('GET', '/api/v1/accounts/relationships'), ['Relationship']);
  assert.deepEqual(entityFor('GET', '/api/v1/timelines/home'), ['Status']);
  assert.equal(entityFor('POST', '/api/v1/statuses/abc/favourite'), 'Status');
  assert.equal(entityFor('POST', '/api/v2/media'), 'MediaAttachment');
  assert.equal(entityFor('GET', '/api/v2/instance'), 'v2.Instance');
  assert.equal(entityFor('GET', '/api/v2/search'), 'v2.Search');
  assert.deepEqual(entityFor('GET', '/api/v1/accounts/search'), ['Account']);
  assert.equal(entityFor('GET', '/api/v1/posts'), undefined);
  checker.record('GET', '/api/v1/unknown', 200, {});
  assert.match(checker.failures().join('\n'), /GET \/api\/v1\/unknown .* no entity is named/);
});

test('problems are generalised over IDs and list positions, and compared with the known ones both ways', () => {
  const c = new ShapeChecker();
  const tag = { id: 'a', name: 'n', url: 'u' };
  c.record('GET', '/api/v1/trends/tags', 200, [tag, { name: 'n', url: 'u' }, { name: 'm', url: 'u' }]);
  c.record('GET', '/api/v1/tags/0190f2a0-0000-7000-8000-000000000000', 200, tag);
  assert.deepEqual(c.problems(), ["GET /api/v1/trends/tags: /* must have required property 'id'"]);
  assert.deepEqual(c.compare(c.problems()), { unknown: [], fixed: [] });
  const fixedOne = "GET /api/v1/tags/:id: (root) must have required property 'id'";
  const notReached = "GET /api/v1/instance: /configuration must have required property 'accounts'";
  assert.deepEqual(c.compare([fixedOne, notReached]), { unknown: ["GET /api/v1/trends/tags: /* must have required property 'id'"], fixed: [fixedOne] });
});
