import { z } from 'zod';
import { shopMessages } from '../shop-messages.js';

/**
 * The officially assigned ISO 3166-1 alpha-2 codes. Written out because Node 20 has no
 * `Intl.supportedValuesOf('region')`; names come from `Intl.DisplayNames` (`countryName`), never from a table here.
 */
export const COUNTRY_CODES = [
  ...'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW'.split(
    ' ',
  ),
  ...'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI'.split(
    ' ',
  ),
  ...'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN'.split(
    ' ',
  ),
  ...'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME'.split(
    ' ',
  ),
  ...'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF'.split(
    ' ',
  ),
  ...'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV'.split(
    ' ',
  ),
  ...'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE'.split(
    ' ',
  ),
  ...'YT ZA ZM ZW'.split(' '),
] as const;

/** A Korean company's addresses and orders are in Korea unless they say otherwise. */
export const HOME_COUNTRY = 'KR';

const POSTAL_CODE_MAX = 10;

export const ADDRESS_RULES = {
  postalCodeMax: POSTAL_CODE_MAX,
  postalCodePattern: shopMessages.address.postalCodePattern,
  postalCodeTooLong: shopMessages.address.postalCodeTooLong(POSTAL_CODE_MAX),
  countryInvalid: shopMessages.address.countryInvalid,
  countryRequired: shopMessages.address.countryRequired,
} as const;

/**
 * An optional postal code as buyers abroad write them ('M5V 2T6', 'SW1A 1AA', '1010-0001'): letters, digits,
 * spaces and hyphens, trimmed, kept as typed otherwise.
 */
export const postalCodeField = z
  .string({ error: ADDRESS_RULES.postalCodePattern })
  .trim()
  .max(ADDRESS_RULES.postalCodeMax, ADDRESS_RULES.postalCodeTooLong)
  .regex(/^[A-Za-z0-9 -]*$/, ADDRESS_RULES.postalCodePattern)
  .optional()
  .default('');

/** A country as its ISO 3166-1 alpha-2 code, in either case on the way in, upper case once read. */
export const countryField = z
  .string({ error: ADDRESS_RULES.countryInvalid })
  .trim()
  .toUpperCase()
  .pipe(z.enum(COUNTRY_CODES, { error: ADDRESS_RULES.countryInvalid }));
export type CountryCode = (typeof COUNTRY_CODES)[number];

/**
 * The country a saved address gets: the one asked for, else the one it has, else Korea for a Korean company;
 * a Global company's address without one is refused (null).
 */
export function addressCountry(
  isKoreanCompany: boolean,
  requested: string | undefined,
  stored: string | null = null,
): string | null {
  return requested || stored || (isKoreanCompany ? HOME_COUNTRY : null);
}

/** An order's receiver country when the order names none: Korea for a Korean company, else unknown. */
export const receiverCountry = (isKoreanCompany: boolean, requested: string | undefined): string | null =>
  requested || (isKoreanCompany ? HOME_COUNTRY : null);

const names = new Map<string, Intl.DisplayNames>();
/** The country's name in `locale` ('Canada' for CA in English), or the code itself when unknown. */
export function countryName(code: string, locale = 'en'): string {
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    names.set(locale, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as a select offers it: code and name in `locale`, by name. */
export const countryOptions = (locale = 'en') =>
  COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
