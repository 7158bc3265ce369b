import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.resolve(apiRoot, '../../node_modules/.bin/tsx');

/** Runs the staff command (`npm run shop -- …`) as staff run it, in a process of its own. */
export async function shopCommand(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['src/cli.ts', ...args], {
      cwd: apiRoot,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
