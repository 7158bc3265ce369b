import { accessSync, constants } from 'node:fs';

/**
 * The system Chromium the journeys drive (playwright-core downloads no browser). Missing, it is said plainly, with
 * what to install, before any journey starts a shop.
 */
export function chromiumPath(): string {
  const file = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(
      `The browser journeys need Chromium, and none was found at ${file}.\n` +
        'Install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome executable.',
    );
  }
  return file;
}
