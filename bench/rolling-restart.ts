/**
 * Rolling restart behind nginx: two instances of the built shop on one PostgreSQL database, nginx in front
 * with upstream keep-alive, steady load through nginx, and each instance in turn sent SIGTERM and started
 * again. Prints every request that failed (a connection error, a timeout or a 5xx that reached the client),
 * and how long each instance took from SIGTERM to exit, with its exit code.
 *
 *   npm run build && npx tsx bench/rolling-restart.ts
 *
 * Needs nginx (Debian package `nginx`) and PostgreSQL: BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, next to which a scratch database is made and dropped.
 * Settings: BENCH_ROUNDS (restarts of each instance, default 2), BENCH_CONNECTIONS (default 20).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { createScratchDatabase, freePort, repoRoot, serverEntry } from '../e2e/support/server.js';
import { isMain, table, writeResult } from './support/report.js';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Instance = { port: number; child: ChildProcess; logs: string[] };
type Stop = { instance: number; round: number; exitMs: number; exitCode: number | null; restartMs: number };

async function waitReady(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startInstance(port: number, databaseUrl: string, dataDir: string): Instance {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  return { port, child, logs };
}

/** SIGTERM, then the milliseconds until the process exits and its exit code. */
async function terminate(instance: Instance) {
  const started = performance.now();
  const exited = new Promise<number | null>((resolve) =>
    instance.child.once('exit', (code) => resolve(code)),
  );
  instance.child.kill('SIGTERM');
  const exitCode = await exited;
  return { exitMs: Math.round(performance.now() - started), exitCode };
}

function nginxConfig(dir: string, listen: number, upstreams: number[]) {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # nginx closes a client's kept-alive connection after 1,000 requests by default; the load generator's next
  # request, already on its way, then meets a reset. Those failures are the bench's own, not a restart's.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # A refused connection or the shop's 503 while it shuts down: the other instance answers.
      proxy_next_upstream error timeout http_503;
      proxy_connect_timeout 1s;
    }
  }
}
`;
}

export async function measureRollingRestart() {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx');
  if (!existsSync(serverEntry))
    throw new Error('apps/api/dist/server.js is missing: run `npm run build` first');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createScratchDatabase(adminUrl, 'bench_restart');
  const dir = await mkdtemp(path.join(tmpdir(), 'kshop-restart-'));
  const ports = [await freePort(), await freePort()];
  const nginxPort = await freePort();
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  try {
    // The first instance migrates and seeds; the second starts on the ready database.
    instances.push(startInstance(ports[0]!, database.url, path.join(dir, 'data-0')));
    await waitReady(`http://127.0.0.1:${ports[0]}/readyz`);
    instances.push(startInstance(ports[1]!, database.url, path.join(dir, 'data-1')));
    await waitReady(`http://127.0.0.1:${ports[1]}/readyz`);

    await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, ports));
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
    const base = `http://127.0.0.1:${nginxPort}`;
    await waitReady(`${base}/readyz`);
    const list = (await (await fetch(`${base}/api/v1/product/list?page=1&limit=20`)).json()) as {
      data: { productOptionList: { optionUuid: string }[] };
    };
    const detail = `/api/v1/product/detail/${list.data.productOptionList[0]!.optionUuid}`;

    const stops: Stop[] = [];
    const failures = new Map<string, number>();
    let finished: (result: autocannon.Result) => void = () => {};
    const loadDone = new Promise<autocannon.Result>((resolve) => {
      finished = resolve;
    });
    const load = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: 3600,
        requests: [
          { method: 'GET', path: '/api/v1/product/list?page=1&limit=20&sort=latest&stockStatus=all' },
          { method: 'GET', path: detail },
          { method: 'GET', path: '/api/v1/category' },
        ],
      },
      (_error, result) => finished(result),
    );
    load.on('response', (_client: unknown, statusCode: number) => {
      if (statusCode >= 500)
        failures.set(`HTTP ${statusCode}`, (failures.get(`HTTP ${statusCode}`) ?? 0) + 1);
    });
    load.on('reqError', (error: Error) =>
      failures.set(error.message, (failures.get(error.message) ?? 0) + 1),
    );

    await sleep(3_000);
    for (let round = 1; round <= ROUNDS; round++) {
      for (let i = 0; i < instances.length; i++) {
        const { exitMs, exitCode } = await terminate(instances[i]!);
        const restarted = performance.now();
        instances[i] = startInstance(ports[i]!, database.url, path.join(dir, `data-${i}`));
        await waitReady(`http://127.0.0.1:${ports[i]}/readyz`);
        stops.push({
          instance: i + 1,
          round,
          exitMs,
          exitCode,
          restartMs: Math.round(performance.now() - restarted),
        });
        console.info(
          `instance ${i + 1}, round ${round}: exit ${exitCode} after ${exitMs} ms, back in ${stops.at(-1)!.restartMs} ms`,
        );
        // Long enough for nginx to send traffic to the fresh instance again (fail_timeout).
        await sleep(3_000);
      }
    }
    load.stop();
    const result = await loadDone;
    const failed = [...failures.values()].reduce((a, b) => a + b, 0);
    const summary = {
      requests: result.requests.total,
      failed,
      failures: Object.fromEntries(failures),
      non2xx: result.non2xx,
      p99Ms: result.latency.p99,
      stops,
    };
    console.info(
      `\n${table(
        ['instance', 'round', 'SIGTERM to exit ms', 'exit code', 'restart to ready ms'],
        stops.map((s) => [s.instance, s.round, s.exitMs, String(s.exitCode), s.restartMs]),
      )}`,
    );
    console.info(
      `\nrequests through nginx: ${summary.requests}, failed: ${failed} (non-2xx ${summary.non2xx}), p99 ${summary.p99Ms} ms`,
    );
    for (const [reason, count] of failures) console.info(`  ${count} × ${reason}`);
    await writeResult('rolling-restart', summary);
    return summary;
  } finally {
    nginx?.kill('SIGQUIT');
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null)
        instance.child.kill('SIGKILL');
    }
    await sleep(500);
    await database.drop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const summary = await measureRollingRestart();
  const bad = summary.failed > 0 || summary.stops.some((s) => s.exitCode !== 0);
  process.exit(bad ? 1 : 0);
}
