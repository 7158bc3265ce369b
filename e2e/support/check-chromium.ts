// Run before the journeys (`npm test -w @kshop/e2e`): one clear line instead of every journey failing inside
// Playwright's launch.
import { chromiumPath } from './chromium-path.js';

try {
  chromiumPath();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
