// The journeys' own rig: a runner killed outright (SIGKILL, as a CI timeout
// does) leaves no server and no private cluster behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const harness = new URL('../lib/harness.mjs', import.meta.url).href;

test('a journey runner killed outright leaves no server nor private cluster behind', async () => {
  const runner = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startServer } = await import(${JSON.stringify(harness)});
       const server = await startServer();
       console.log(JSON.stringify({ pid: server.pid, dataDir: server.dataDir }));
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const { pid, dataDir } = JSON.parse(await firstLine(runner.stdout));
  assert.ok(alive(pid), 'the server runs');
  assert.ok(clusterProcesses(dataDir) > 0, 'its private cluster runs');

  runner.kill('SIGKILL');

  const deadline = Date.now() + 120_000;
  while (alive(pid) || clusterProcesses(dataDir) > 0 || existsSync(dataDir)) {
    if (Date.now() > deadline) {
      assert.fail(`after the runner was killed: server running ${alive(pid)}, cluster processes ${clusterProcesses(dataDir)}, data folder left ${existsSync(dataDir)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
});

function firstLine(stream) {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
    });
    stream.on('end', () => reject(new Error(`the runner printed no line: ${text}`)));
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function clusterProcesses(dataDir) {
  try {
    return execFileSync('pgrep', ['-f', `postgres -D ${dataDir}/postgres`]).toString().trim().split('\n').filter(Boolean).length;
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}
