// `npm start`: build whatever is missing or older than its sources, then run the shop in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Each workspace's marker output and the inputs it is built from. The contract's sources are inputs of the
 * API and of both web apps (storefront and back office), because they compile or bundle it; the shared UI
 * package's are inputs of both web apps.
 */
const contractSources = ['packages/contract/src', 'packages/contract/tsconfig.json'];
const uiSources = ['packages/ui/src'];
const workspaces = [
  { name: '@kshop/contract', output: 'packages/contract/dist/index.js', sources: contractSources },
  {
    name: '@kshop/api',
    output: 'apps/api/dist/server.js',
    sources: [...contractSources, 'apps/api/src', 'apps/api/tsconfig.json'],
  },
  ...['web', 'admin'].map((app) => ({
    name: `@kshop/${app}`,
    output: `apps/${app}/dist/index.html`,
    sources: [
      ...contractSources,
      ...uiSources,
      `apps/${app}/src`,
      `apps/${app}/public`,
      `apps/${app}/index.html`,
      `apps/${app}/vite.config.ts`,
    ],
  })),
];

/** Tests live beside the sources but are not part of any build output. */
const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

function newestMtime(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (isTestFile(path.relative(full, file))) continue;
    newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

function isStale({ output, sources }) {
  const outputFile = path.join(root, output);
  if (!existsSync(outputFile)) return true;
  const built = statSync(outputFile).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

// One short line per build step; the build's own listing (every file vite wrote) only when it fails.
for (const workspace of workspaces) {
  if (!isStale(workspace)) continue;
  const started = Date.now();
  process.stdout.write(`[start] building ${workspace.name} … `);
  const build = spawnSync(npm, ['run', 'build', '--silent', '-w', workspace.name], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(
      `${build.stdout ?? ''}${build.stderr ?? ''}${build.error ? `${build.error.message}\n` : ''}`,
    );
    console.error(`[start] building ${workspace.name} failed`);
    process.exit(build.status ?? 1);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  // Incremental builds (tsc -b) rewrite only the files that changed; mark the output as current so the
  // next start does not build again.
  const now = new Date();
  utimesSync(path.join(root, workspace.output), now, now);
}

console.info('[start] starting the shop …');
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1));
});
