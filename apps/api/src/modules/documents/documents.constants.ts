import { createRequire } from 'node:module';

/**
 * The seller on every invoice: the shop's company, as the storefront's footer shows it. The spec asks for these
 * details without giving them; they are placeholders to be replaced with the operator's registered details,
 * here and in the storefront's footer alike.
 */
export const SELLER = {
  name: 'KSHOP Co., Ltd.',
  representative: 'Hong Gildong',
  businessRegistrationNumber: '000-00-00000',
  address: '123 Teheran-ro, Gangnam-gu, Seoul, Republic of Korea',
  email: 'wholesale@kshop.example',
} as const;

/** Goods sold by the shop are shipped from Korea. */
export const COUNTRY_OF_ORIGIN = 'Korea';

const require = createRequire(import.meta.url);

/**
 * NanumGothic (SIL Open Font License 1.1), shipped in an npm package: it has Hangul and Latin glyphs, so buyer
 * names and addresses in Korean print as they were typed. Resolved from the package, never from the system.
 */
export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/nanum-gothic/400Regular/NanumGothic_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/nanum-gothic/700Bold/NanumGothic_700Bold.ttf'),
} as const;
