import { LANGUAGES, type Language } from '@kshop/contract';

/**
 * The shop's language an `Accept-Language` header prefers (RFC 9110, section 12.5.4): the one of English and
 * Korean with the higher weight, a tag matching by its primary subtag (`ko-KR` is Korean, `en-GB` English);
 * at equal weights the one named first. English when the header names neither, or is missing or unreadable.
 */
export function preferredLanguage(header: string | undefined): Language {
  let best: { language: Language; weight: number } | null = null;
  for (const range of (header ?? '').split(',')) {
    const [tag = '', ...params] = range.trim().toLowerCase().split(';');
    const language = LANGUAGES.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (!language) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight) || weight <= 0 || weight > 1) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? 'en';
}
