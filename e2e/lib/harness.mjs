// Starts the real `social` binary on a fresh private PostgreSQL cluster and
// random ports, and launches Debian's Chromium through playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, chmodSync, rmSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(new URL(import.meta.url).pathname);
export const artifacts = path.join(here, '..', 'artifacts');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
}

/**
 * Serves bin/social on a fresh private cluster until stop() is called.
 * `before` lists commands run on the same data first (e.g. [['seed-demo']],
 * as `make run` does); their output is in `prepared`.
 */
export async function startServer(extraEnv = {}, { before = [], host = '127.0.0.1' } = {}) {
  const bin = process.env.SOCIAL_BIN ?? path.join(here, '..', '..', 'bin', 'social');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run make build`);
  // The cluster's unprivileged user must be able to enter the data folder.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'social-e2e-'));
  chmodSync(dataDir, 0o755);
  const [httpPort, pgPort] = [await freePort(), await freePort()];
  // host 'localhost' serves the same loopback address under a name: passkeys
  // need one (a browser takes no IP address as a passkey's site).
  const url = `http://${host}:${httpPort}`;
  const logs = [];
  const charts = await startAppleCharts();
  // admin.open_access opens the dev mail outbox (confirmation links) and
  // nothing else: the console and the rest of the admin API need a role.
  const env = {
    ...process.env,
    SOCIAL_DATA_DIR: dataDir,
    SOCIAL_HTTP_ADDR: `127.0.0.1:${httpPort}`,
    SOCIAL_HTTP_PUBLIC_URL: url,
    SOCIAL_DATABASE_URL: '',
    SOCIAL_DATABASE_EMBEDDED_PORT: String(pgPort),
    SOCIAL_ADMIN_OPEN_ACCESS: 'true',
    SOCIAL_TRENDING_FEED_URL: charts.url,
    SOCIAL_TRENDING_LOOKUP_URL: charts.url,
    ...extraEnv,
  };
  // A copy of a migrated cluster, owners kept (cp -a), instead of initdb
  // and every migration for each server.
  execFileSync('cp', ['-a', `${await migratedCluster(bin)}/.`, dataDir]);
  const prepared = before.map((args) => execFileSync(bin, args, { env, encoding: 'utf8' }));
  const child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  // If the test process dies first, the server still shuts down in order
  // (stopping its private cluster) instead of living on as an orphan: on
  // exit through the hook below, and when killed outright through a watcher
  // (its own process group) that waits for its standard input, which only
  // this process holds, to close.
  const orphanGuard = () => child.kill('SIGINT');
  process.on('exit', orphanGuard);
  const watcher = spawn('sh', ['-c', WATCHER_SCRIPT, 'watcher', String(child.pid), dataDir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watcher.unref();
  watcher.stdin.unref();
  exited.then(() => {
    process.off('exit', orphanGuard);
    watcher.kill('SIGKILL');
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      // Stopped in order, as at the end, so that a private cluster it had
      // started stops with it.
      await stopServer();
      throw new Error(`social serve never became ready:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  let stopped;
  return {
    url,
    dataDir,
    pid: child.pid,
    logs,
    prepared,
    /** Runs a `social` command (e.g. `user create`) beside the server, on its database; returns stdout. */
    cli(...args) {
      return execFileSync(bin, args, { env, encoding: 'utf8' });
    },
    /**
     * Runs SQL on the server's own database as its superuser and returns
     * psql's unaligned output: for states no API can reach from here, such as
     * a link preview (the fetcher refuses loopback, so no local page can be
     * previewed).
     */
    sql(statement) {
      // The cluster asks every role for its password, kept in its password file.
      const passfile = encodeURIComponent(path.join(dataDir, 'postgres', 'social.pgpass'));
      const url = `postgres://social@127.0.0.1:${pgPort}/social?sslmode=disable&passfile=${passfile}`;
      return execFileSync(pgBinary('psql'), [url, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', statement], { encoding: 'utf8' }).trim();
    },
    /**
     * Stops the server's private PostgreSQL cluster under it (fast shutdown,
     * as a crash or a failover looks to the app), for outage journeys.
     */
    stopDatabase() {
      pgCtl(path.join(dataDir, 'postgres'), 'stop', '-w', '-t', '60', '-m', 'fast');
    },
    /** Starts the cluster stopped by stopDatabase again, on the same port. */
    startDatabase() {
      const dir = path.join(dataDir, 'postgres');
      pgCtl(dir, 'start', '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', `-p ${pgPort}`);
    },
    /** SIGINT, as an operator's Ctrl-C; resolves with how the process ended. Idempotent. */
    stop() {
      stopped ??= stopServer();
      return stopped;
    },
  };

  async function stopServer() {
      charts.close();
      child.kill('SIGINT');
      const result = await Promise.race([
        exited,
        new Promise((r) => setTimeout(() => r({ code: null, signal: 'timeout' }), 60_000).unref()),
      ]);
      const pgDir = path.join(dataDir, 'postgres');
      const postgresLeft = existsSync(path.join(pgDir, 'postmaster.pid')) || processesFor(pgDir) > 0;
      if (result.signal === 'timeout') child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      return { ...result, postgresLeft };
  }
}

/**
 * A data folder holding a private cluster migrated by bin (`social migrate
 * up`), stopped, for startServer to copy: made once per binary and shared
 * by the journeys running at once, since initdb and the migrations take
 * about twice as long as starting a copy. The folder's name carries the
 * binary's size and time, so a new build makes a new one; the journey that
 * loses the race to make it drops its own.
 */
async function migratedCluster(bin) {
  const { size, mtimeMs } = statSync(bin);
  const dir = path.join(tmpdir(), `social-e2e-cluster-${size}-${Math.trunc(mtimeMs)}`);
  if (existsSync(dir)) return dir;
  const making = mkdtempSync(path.join(tmpdir(), 'social-e2e-cluster-making-'));
  chmodSync(making, 0o755);
  execFileSync(bin, ['migrate', 'up'], {
    env: { ...process.env, SOCIAL_DATA_DIR: making, SOCIAL_DATABASE_URL: '', SOCIAL_DATABASE_EMBEDDED_PORT: String(await freePort()) },
    stdio: 'pipe',
  });
  try {
    renameSync(making, dir);
  } catch (err) {
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(dir)) throw err;
  }
  removeStaleClusters(dir);
  return dir;
}

/**
 * Removes the migrated clusters of earlier binaries (50 MB each), so that
 * system temp keeps one per build at most: those made more than two hours
 * ago, longer than any run of the journeys, which another checkout's run
 * could still be copying.
 */
function removeStaleClusters(current) {
  const stale = Date.now() - 2 * 60 * 60 * 1000;
  for (const name of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), name);
    if (dir === current || !/^social-e2e-cluster-\d+-\d+$/.test(name)) continue;
    try {
      if (statSync(dir).mtimeMs < stale) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already, or removed by a run beside this one.
    }
  }
}

/**
 * Apple's top-songs feed and iTunes lookup, the trending chart's outside
 * source, answered with the adapter's recorded answers: the panel shows a
 * chart and no request leaves the machine.
 */
async function startAppleCharts() {
  const dir = path.join(here, '..', '..', 'adapters', 'providers', 'trending', 'testdata');
  // The recorded artwork lives on Apple's image host: a 1x1 PNG in its
  // place, so the browser asks nothing outside either.
  const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const server = createHttpServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://charts');
    const local = (file) => readFileSync(path.join(dir, file), 'utf8').replace(/https:\/\/is1-ssl\.mzstatic\.com[^"]*/g, pixel);
    const body = pathname.startsWith('/api/v2/br/music/most-played/') ? local('feed_br_3.json') : pathname === '/lookup' ? local('lookup_br_3.json') : null;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(body ?? '{}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, close: () => server.close() };
}

// The watcher of startServer: once its standard input closes, it sends the
// server ($1) SIGINT, waits up to two minutes for it to stop (its private
// cluster with it), and removes the data folder ($2).
const WATCHER_SCRIPT = `read -r _
kill -INT "$1" 2>/dev/null || exit 0
i=0
while [ "$i" -lt 600 ] && kill -0 "$1" 2>/dev/null; do sleep 0.2; i=$((i + 1)); done
rm -rf "$2"`;

/** Runs pg_ctl on a cluster folder as the folder's owner (PostgreSQL refuses root). */
function pgCtl(dir, ...args) {
  const { uid, gid } = statSync(dir);
  execFileSync(pgBinary('pg_ctl'), [...args, '-D', dir], { uid, gid, cwd: dir, stdio: 'pipe' });
}

/** A PostgreSQL server program: on PATH, or in Debian's versioned folder. */
function pgBinary(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: apt-get install postgresql`);
}

function processesFor(dir) {
  try {
    return execFileSync('pgrep', ['-f', `postgres -D ${dir}`]).toString().trim().split('\n').filter(Boolean).length;
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

/**
 * Launches headless Chromium with the flags that work on these machines
 * (playwright gives it a fresh temporary profile of its own).
 */
export async function launchBrowser() {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

// How long closing the browser may take before the server is stopped anyway:
// a hung renderer must not keep the private cluster alive.
const BROWSER_CLOSE_MS = 30_000;

/**
 * The set-up every journey shares: the server (startServer's arguments) and a
 * browser, both torn down after the file's last test, the browser first and
 * within BROWSER_CLOSE_MS, then the server (whose stop is bounded itself).
 * Call it at the top of a journey file: `const { server, browser } = await serverAndBrowser();`.
 * A journey starts its own outside services (a translator, a radio
 * directory) itself and stops them in an `after` of its own.
 */
export async function serverAndBrowser(extraEnv = {}, options = {}) {
  const server = await startServer(extraEnv, options);
  let browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.stop();
    throw err;
  }
  afterEach(async (t) => {
    if (!t.passed) await recordFailure(t.name, server, browser);
  });
  after(async () => {
    try {
      await Promise.race([
        browser.close(),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`the browser did not close within ${BROWSER_CLOSE_MS} ms`)), BROWSER_CLOSE_MS).unref()),
      ]);
    } finally {
      await server.stop();
    }
  });
  return { server, browser };
}

// Lines of the server's log shown when a journey fails, asset and icon
// requests left out.
const FAILURE_LOG_LINES = 80;

/**
 * What a failed journey leaves to read: a screenshot of every open page in
 * artifacts/ and the end of the server's log on the test's output, where
 * CI shows it (a request cancelled, a warning, the order of events).
 */
async function recordFailure(name, server, browser) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  let n = 0;
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      n += 1;
      try {
        await page.screenshot({ path: path.join(artifacts, `failed-${slug}-${n}.png`), timeout: 5_000 });
      } catch {
        // a page that cannot be drawn any more has nothing to show
      }
    }
  }
  const lines = server.logs.join('').split('\n').filter((l) => l && !/path=\/(assets|icons)\//.test(l));
  console.log(`server log before the failure of "${name}" (last ${FAILURE_LOG_LINES} lines):\n${lines.slice(-FAILURE_LOG_LINES).join('\n')}`);
}

/** Opens a page that records CSP violations and uncaught errors. */
export async function watchedPage(browser) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { page, context, problems };
}
