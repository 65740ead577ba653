// The shape checker of the Mastodon client API: every JSON answer a journey
// receives from a Mastodon endpoint is validated (ajv) against a JSON Schema
// derived from the masto library's own TypeScript entity types
// (lib/mastodon-entities.ts, read by ts-json-schema-generator from
// node_modules). Nobody here wrote those types: they say what apps expect.
//
// masto hands apps its entities in camelCase and turns the wire's snake_case
// keys into them with change-case; the wire schemas are the same schemas
// with their property names turned back the way masto turns them.
//
// The schemas are derived again whenever masto, the generator or the entity
// list change (their versions and the list's text name the cached file in
// the system's temp folder), so they never go stale and a run pays the
// four seconds of the generator only once.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { snakeCase } from 'change-case';
import { createGenerator } from 'ts-json-schema-generator';

const here = path.dirname(new URL(import.meta.url).pathname);
const entitiesFile = path.join(here, 'mastodon-entities.ts');
const require = createRequire(import.meta.url);

function versionOf(pkg) {
  return JSON.parse(readFileSync(path.join(here, '..', 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

/**
 * masto's types, ready for the generator: its declarations copied whole,
 * except that the members of its "registries" (interfaces whose keys are
 * the values of an enum, e.g. StatusVisibilityRegistry, kept open so apps
 * can add values) are typed `true` instead of `never`: the generator drops
 * never-typed members, which would leave `keyof` of a registry (visibility,
 * media type, marker timelines) an empty schema that lets anything through.
 */
function preparedTypes(dir) {
  const dist = path.join(here, '..', 'node_modules', 'masto', 'dist');
  cpSync(dist, path.join(dir, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.js') && !src.endsWith('.map') });
  for (const file of readdirSync(path.join(dir, 'dist'), { recursive: true })) {
    if (!file.endsWith('.d.ts')) continue;
    const full = path.join(dir, 'dist', file);
    const text = readFileSync(full, 'utf8');
    const opened = text.replace(/(interface \w+Registry\b[^{]*\{)([^}]*)\}/g, (_, head, body) => `${head}${body.replace(/:\s*never;/g, ': true;')}}`);
    if (opened !== text) writeFileSync(full, opened);
  }
}

/**
 * The definitions of every type in lib/mastodon-entities.ts and what they
 * use, as masto declares them (camelCase). Mastodon's v1 and v2 entities
 * share names (Instance, Filter, Search and their parts), so each version
 * is generated on its own and v2's definitions are named "v2.<name>".
 */
export function mastoDefinitions() {
  const key = createHash('sha256')
    .update(`masto ${versionOf('masto')}\ngenerator ${versionOf('ts-json-schema-generator')}\n`)
    .update(readFileSync(entitiesFile))
    .update(readFileSync(new URL(import.meta.url)))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(tmpdir(), `social-mastodon-shapes-${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  const dir = mkdtempSync(path.join(tmpdir(), 'social-mastodon-types-'));
  try {
    preparedTypes(dir);
    const source = readFileSync(entitiesFile, 'utf8').replace("from 'masto'", "from './dist/index.js'");
    const [v1, v2] = source.split('// v2\n');
    const generate = (name, text) => {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      // An answer carrying a key the type does not declare is a misspelt
      // or invented field: apps would never read it.
      const config = { path: file, type: '*', expose: 'export', topRef: false, skipTypeCheck: true, additionalProperties: false };
      return createGenerator(config).createSchema('*').definitions;
    };
    const definitions = generate('v1.ts', v1);
    const head = v1.slice(0, v1.indexOf('export type'));
    const renamed = JSON.stringify(generate('v2.ts', head + v2)).replaceAll('"#/definitions/', '"#/definitions/v2.');
    for (const [name, schema] of Object.entries(JSON.parse(renamed))) definitions[`v2.${name}`] = schema;
    const making = `${cached}.${process.pid}`;
    writeFileSync(making, JSON.stringify(definitions));
    renameSync(making, cached);
    return definitions;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * masto's own rule for the wire's keys (adapters/serializers/transform-keys.js),
 * except for a key that does not start with a letter: such a key (a
 * thumbnail's "@1x") is written in the types as it is on the wire, and
 * change-case would drop its first character.
 */
function wireKey(key) {
  if (key.includes(':') || key.startsWith('_') || !/^[A-Za-z]/.test(key)) return key;
  return snakeCase(key);
}

/** The schema with every property name as it is on the wire. */
function toWire(schema) {
  if (Array.isArray(schema)) return schema.map(toWire);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [wireKey(p), toWire(s)]));
    else if (k === 'required') out[k] = v.map(wireKey);
    else if (k === 'definitions') out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, toWire(s)]));
    else out[k] = toWire(v);
  }
  return out;
}

/**
 * Where Mastodon's documentation and masto's types disagree, the server
 * follows the documentation (what Mastodon itself answers), and the wire
 * schemas say so here, each with its reason; every other difference is
 * refused.
 * - `properties`: fields the types leave out or type otherwise, with their
 *   documented type:
 *   - an application's `id` and deprecated `redirect_uri`;
 *   - a registered app's `client_secret_expires_at`, the integer 0 (masto
 *     types it the string "0");
 *   - a token answer's `refresh_token` and `expires_in` (OAuth 2, RFC 6749
 *     section 5.1);
 *   - an account's `last_status_at`, "or null if no statuses";
 *   - v2 instance's `api_versions.mastodon`, an integer;
 *   - v2 instance's `contact.account`, null when the server names no
 *     contact account.
 * - `optional`: fields the types require and the documentation does not:
 *   a status's `application` (given for some statuses only), the
 *   source's `role` (the documentation gives `role` beside `source`), and
 *   v2 instance's `thumbnail.blurhash`.
 */
const documented = {
  Application: { properties: { id: { type: 'string' }, redirect_uri: { type: 'string' } } },
  Client: { properties: { id: { type: 'string' }, redirect_uri: { type: 'string' }, client_secret_expires_at: { type: 'integer' } } },
  Token: { properties: { refresh_token: { type: 'string' }, expires_in: { type: 'number' } } },
  Account: { properties: { last_status_at: { type: ['string', 'null'] } } },
  CredentialAccount: { properties: { last_status_at: { type: ['string', 'null'] } } },
  Status: { optional: ['application'] },
  AccountSource: { optional: ['role'] },
  'v2.InstanceThumbnail': { optional: ['blurhash'] },
  'v2.InstanceApiVersions': { properties: { mastodon: { type: 'integer' } } },
  'v2.InstanceContact': {
    properties: { account: { anyOf: [{ $ref: '#/definitions/v2.Account' }, { type: 'null' }] } },
  },
};

function withDocumented(definitions) {
  const out = { ...definitions };
  for (const [name, { properties = {}, optional = [] }] of Object.entries(documented)) {
    const def = out[name];
    if (!def?.properties) throw new Error(`documented: no object entity ${name} in masto's types`);
    out[name] = {
      ...def,
      properties: { ...def.properties, ...properties },
      required: (def.required ?? []).filter((f) => !optional.includes(f)),
    };
  }
  return out;
}

/**
 * Which entity each Mastodon endpoint answers with: [method, path pattern,
 * entity] where the entity is a definition's name, [name] for a list of
 * them, or 'Empty' for {}. A 2xx JSON answer of a path under /api or
 * /oauth that no row names fails the check, so a journey reaching a new
 * endpoint has to say what it answers.
 */
const routes = [
  ['POST', '/api/v1/apps', 'Client'],
  ['GET', '/api/v1/apps/verify_credentials', 'Application'],
  ['POST', '/oauth/token', 'Token'],
  ['POST', '/oauth/revoke', 'Empty'],
  ['GET', '/api/v1/instance', 'Instance'],
  ['GET', '/api/v2/instance', 'v2.Instance'],
  ['GET', '/api/v1/instance/rules', ['Rule']],
  ['GET', '/api/v1/instance/extended_description', 'ExtendedDescription'],
  ['GET', '/api/v1/instance/activity', ['Activity']],
  ['GET', '/api/v1/custom_emojis', ['CustomEmoji']],
  ['GET', '/api/v1/announcements', ['Announcement']],
  ['GET', '/api/v1/accounts/verify_credentials', 'CredentialAccount'],
  ['PATCH', '/api/v1/accounts/update_credentials', 'CredentialAccount'],
  ['GET', '/api/v1/accounts/relationships', ['Relationship']],
  ['GET', '/api/v1/accounts/familiar_followers', ['FamiliarFollowers']],
  ['GET', '/api/v1/accounts/search', ['Account']],
  ['GET', '/api/v1/accounts/lookup', 'Account'],
  ['GET', '/api/v1/accounts/:id', 'Account'],
  ['GET', '/api/v1/accounts/:id/statuses', ['Status']],
  ['GET', '/api/v1/accounts/:id/followers', ['Account']],
  ['GET', '/api/v1/accounts/:id/following', ['Account']],
  ['GET', '/api/v1/accounts/:id/featured_tags', ['FeaturedTag']],
  ['GET', '/api/v1/accounts/:id/lists', ['List']],
  ['POST', '/api/v1/accounts/:id/(follow|unfollow|block|unblock|mute|unmute|remove_from_followers|pin|unpin|note)', 'Relationship'],
  ['POST', '/api/v1/statuses', 'Status'],
  ['GET', '/api/v1/statuses', ['Status']],
  ['GET', '/api/v1/statuses/:id', 'Status'],
  ['PUT', '/api/v1/statuses/:id', 'Status'],
  ['DELETE', '/api/v1/statuses/:id', 'Status'],
  ['GET', '/api/v1/statuses/:id/context', 'Context'],
  ['GET', '/api/v1/statuses/:id/source', 'StatusSource'],
  ['GET', '/api/v1/statuses/:id/history', ['StatusEdit']],
  ['POST', '/api/v1/statuses/:id/translate', 'Translation'],
  ['GET', '/api/v1/statuses/:id/(favourited_by|reblogged_by)', ['Account']],
  ['POST', '/api/v1/statuses/:id/(favourite|unfavourite|reblog|unreblog|bookmark|unbookmark|pin|unpin|mute|unmute)', 'Status'],
  ['POST', '/api/v(1|2)/media', 'MediaAttachment'],
  ['GET', '/api/v1/media/:id', 'MediaAttachment'],
  ['PUT', '/api/v1/media/:id', 'MediaAttachment'],
  ['GET', '/api/v1/timelines/(home|public)', ['Status']],
  ['GET', '/api/v1/timelines/(tag|list|link)/:id', ['Status']],
  ['GET', '/api/v1/(favourites|bookmarks)', ['Status']],
  ['GET', '/api/v1/trends/statuses', ['Status']],
  ['GET', '/api/v1/trends/tags', ['Tag']],
  ['GET', '/api/v1/followed_tags', ['Tag']],
  ['GET', '/api/v1/tags/:id', 'Tag'],
  ['POST', '/api/v1/tags/:id/(follow|unfollow)', 'Tag'],
  ['GET', '/api/v1/(blocks|mutes|follow_requests|endorsements)', ['Account']],
  ['GET', '/api/v2/suggestions', ['Suggestion']],
  ['GET', '/api/v1/notifications', ['Notification']],
  ['GET', '/api/v1/notifications/:id', 'Notification'],
  ['POST', '/api/v1/notifications/clear', 'Empty'],
  ['POST', '/api/v1/notifications/:id/dismiss', 'Empty'],
  ['GET', '/api/v2/search', 'v2.Search'],
  ['GET', '/api/v1/markers', 'Marker'],
  ['POST', '/api/v1/markers', 'Marker'],
  ['GET', '/api/v1/preferences', 'Preference'],
  ['GET', '/api/v2/filters', ['v2.Filter']],
  ['GET', '/api/v2/filters/:id', 'v2.Filter'],
  ['GET', '/api/v1/lists', ['List']],
  ['GET', '/api/v1/conversations', ['Conversation']],
  ['GET', '/api/v1/push/subscription', 'WebPushSubscription'],
].map(([method, pattern, entity]) => ({
  method,
  entity,
  pattern: new RegExp(`^${pattern.replaceAll(':id', '[^/]+')}$`),
}));

/** The entity a Mastodon endpoint answers with, or undefined. */
export function entityFor(method, pathname) {
  return routes.find((r) => r.method === method && r.pattern.test(pathname))?.entity;
}

/**
 * Checks JSON against masto's entities: check(entity, body) for the wire's
 * snake_case, checkCamel(entity, value) for what masto hands the app (its
 * streaming events), record(...) for a whole answer by its route.
 */
export class ShapeChecker {
  constructor() {
    const camel = mastoDefinitions();
    const wire = withDocumented(toWire(camel));
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema({ $id: 'camel', definitions: { ...camel, Empty: { type: 'object', additionalProperties: false } } });
    ajv.addSchema({ $id: 'wire', definitions: { ...wire, Empty: { type: 'object', additionalProperties: false } } });
    this.ajv = ajv;
    this.definitions = Object.keys(camel);
    /** Every answer checked: { method, path, status, entity, errors, body }. */
    this.seen = [];
  }

  #validate(space, entity, body) {
    const list = Array.isArray(entity);
    const name = list ? entity[0] : entity;
    if (name !== 'Empty' && !this.definitions.includes(name)) throw new Error(`no entity ${name} in masto's types`);
    const ref = { $ref: `${space}#/definitions/${name}` };
    const validate = this.ajv.compile(list ? { type: 'array', items: ref } : ref);
    if (validate(body)) return [];
    return validate.errors.map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params?.additionalProperty ? `: ${e.params.additionalProperty}` : ''}${e.params?.allowedValues ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`);
  }

  /** The problems of a wire (snake_case) body as `entity` (a name, or [name] for a list); [] when it fits. */
  check(entity, body) {
    return this.#validate('wire', entity, body);
  }

  /** The same for a value as masto hands it to apps (camelCase). */
  checkCamel(entity, value) {
    return this.#validate('camel', entity, value);
  }

  /** Checks one answer of the server by its route and keeps the result. */
  record(method, pathname, status, body) {
    const entity = entityFor(method, pathname);
    const errors = entity ? this.check(entity, body) : ['no entity is named for this endpoint in lib/mastodon-shapes.mjs'];
    this.seen.push({ method, path: pathname, status, entity, errors, body });
  }

  /** The answers that did not fit, one line each with its first problems. */
  failures() {
    return this.seen
      .filter((s) => s.errors.length > 0)
      .map((s) => `${s.method} ${s.path} (${s.status}) as ${JSON.stringify(s.entity)}: ${s.errors.slice(0, 8).join('; ')}`);
  }

  /**
   * Every distinct problem seen, as "METHOD route: problem" with IDs and
   * list positions generalised (":id", "*"), so the same fault in many
   * answers is one line.
   */
  problems() {
    const lines = new Set();
    for (const s of this.seen) {
      for (const e of s.errors) lines.add(`${s.method} ${routeOf(s.path)}: ${e.replace(/\/\d+(?=\/|\s)/g, '/*')}`);
    }
    return [...lines].sort();
  }

  /**
   * Checks the problems seen against `known` (lines as problems() writes
   * them): those not known are new faults; known ones whose route was
   * checked without them are fixed and must leave the list.
   */
  compare(known) {
    const seen = this.problems();
    const routes = new Set(this.seen.map((s) => `${s.method} ${routeOf(s.path)}`));
    return {
      unknown: seen.filter((p) => !known.includes(p)),
      fixed: known.filter((k) => routes.has(k.slice(0, k.indexOf(': '))) && !seen.includes(k)),
    };
  }

  /** "METHOD path -> entity" for every distinct route checked. */
  coverage() {
    const lines = new Set(this.seen.map((s) => `${s.method} ${routeOf(s.path)} -> ${JSON.stringify(s.entity)}`));
    return [...lines].sort();
  }
}

/** A path with its IDs (UUIDs) as ":id". */
function routeOf(pathname) {
  return pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id');
}

/** Whether a path is the Mastodon API's (ours under /api/v1 has its own: auth, admin...). */
function isMastodonPath(pathname) {
  if (/^\/api\/v1\/(auth|admin)\//.test(pathname)) return false;
  return /^\/(api\/v[12]|oauth)\//.test(pathname) || pathname === '/oauth/token';
}

/**
 * Wraps globalThis.fetch (what masto calls) so that every 2xx JSON answer
 * from `origin` on a Mastodon path is checked. Returns a function putting
 * fetch back.
 */
export function recordFetch(checker, origin) {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const res = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (url.origin === origin && isMastodonPath(url.pathname) && res.ok && /json/.test(res.headers.get('content-type') ?? '')) {
      const body = await res.clone().json();
      checker.record(method, url.pathname, res.status, body);
    }
    return res;
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** The same for megalodon, which asks through axios' default instance. */
export function recordAxios(checker, origin) {
  const axios = require('axios');
  const id = axios.interceptors.response.use((res) => {
    const url = new URL(res.config.url, origin);
    const type = String(res.headers?.['content-type'] ?? '');
    if (url.origin === origin && isMastodonPath(url.pathname) && /json/.test(type)) {
      checker.record(String(res.config.method).toUpperCase(), url.pathname, res.status, res.data);
    }
    return res;
  });
  return () => axios.interceptors.response.eject(id);
}
