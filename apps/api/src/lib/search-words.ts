/**
 * The words of a search box, as every search of the shop reads them: lower-cased, split at white space, at most
 * eight (a longer query adds nothing a buyer or staff member means). Each word must match; Korean words match as
 * typed, since Hangul has no case.
 */
export const searchWords = (query: string): string[] =>
  query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** Only Hangul initial consonants ('ㄷㅂㄹㅇㅋ'): a Korean shop's shorthand for a name. */
export const isHangulInitials = (word: string): boolean => /^[ㄱ-ㅎ]+$/.test(word);

/**
 * The digits of a registration number typed with or without dashes ('120-88-12345', '1208812345'); null when the
 * word is not one (fewer than three digits, or letters in it).
 */
export function registrationDigits(word: string): string | null {
  const digits = word.replace(/[\s-]/g, '');
  return /^\d{3,}$/.test(digits) ? digits : null;
}
