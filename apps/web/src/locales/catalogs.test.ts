import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@kshop/contract';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';

/**
 * The PO catalogues as `npm run i18n:extract -w @kshop/web` (and `-w @kshop/admin`) leave them: every message the
 * storefront and the back office show must have its Korean, and the Korean must keep every value and tag of its
 * English ({name}, {count, plural, …}, <0>…</0>).
 */
type Entry = { message?: string; translation?: string; obsolete?: boolean };

/** Each app's catalogues: the storefront's (beside this file) and the back office's. */
const APPS = {
  storefront: import.meta.dirname,
  'back office': path.join(import.meta.dirname, '../../../admin/src/locales'),
};

async function catalog(app: string, language: string): Promise<Record<string, Entry>> {
  const file = path.join(app, language, 'messages.po');
  const parsed = await formatter().parse(readFileSync(file, 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: file,
  });
  return Object.fromEntries(Object.entries(parsed ?? {}).filter(([, entry]) => !entry.obsolete));
}

/** The names of a message's values (`{name}`, `{count, plural, …}`) and its numbered tags (`<0>`, `<1/>`). */
function placeholdersOf(text: string): string[] {
  const values = [...text.matchAll(/\{\s*([\p{L}\p{N}_$]+)\s*[,}]/gu)].map((match) => `{${match[1]}}`);
  const tags = [...text.matchAll(/<(\d+)\s*\/?>/g)].map((match) => `<${match[1]}>`);
  return [...new Set([...values, ...tags])].sort();
}

describe.each(Object.entries(APPS))('the %s catalogues', (_, app) => {
  it('hold the same messages in every language', async () => {
    const english = Object.keys(await catalog(app, 'en')).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(Object.keys(await catalog(app, language)).sort(), language).toEqual(english);
    }
  });

  it('translate every message into Korean', async () => {
    const untranslated = Object.entries(await catalog(app, 'ko'))
      .filter(([, entry]) => !entry.translation?.trim())
      .map(([id, entry]) => entry.message ?? id);
    expect(untranslated).toEqual([]);
  });

  it('keep every placeholder of the English in the Korean', async () => {
    const lost = Object.entries(await catalog(app, 'ko')).flatMap(([id, entry]) => {
      const english = placeholdersOf(entry.message ?? id);
      const korean = placeholdersOf(entry.translation ?? '');
      const missing = english.filter((placeholder) => !korean.includes(placeholder));
      return missing.length > 0 ? [`${entry.message ?? id}: ${missing.join(' ')}`] : [];
    });
    expect(lost).toEqual([]);
  });
});

describe('reading a message', () => {
  it('finds the placeholders of a message', () => {
    expect(
      placeholdersOf('Hello {name}, <0>your {count, plural, one {# order} other {# orders}}</0>'),
    ).toEqual(['<0>', '{count}', '{name}']);
    expect(placeholdersOf('{label} 전체')).toEqual(['{label}']);
    expect(placeholdersOf('No placeholder.')).toEqual([]);
  });
});
