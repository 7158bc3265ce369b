import { msg } from '@lingui/core/macro';

/**
 * Company details shown in the footer. The spec asks for them without giving them: these are placeholders to be
 * replaced with the operator's registered details. The name, representative and address are written in each
 * language (the Korean in ko/messages.po); the number and the address for mail are the same in both.
 */
export const COMPANY = {
  name: msg`KSHOP Co., Ltd.`,
  representative: msg`Hong Gildong`,
  businessRegistrationNumber: '000-00-00000',
  address: msg`123 Teheran-ro, Gangnam-gu, Seoul, Republic of Korea`,
  email: 'wholesale@kshop.example',
} as const;

export const CHART_LINKS = [
  { label: msg`Circle Chart`, href: 'https://circlechart.kr/' },
  { label: msg`Hanteo Chart`, href: 'https://www.hanteochart.com/' },
  { label: msg`Melon Chart`, href: 'https://www.melon.com/chart/index.htm' },
  { label: msg`Billboard K-Pop`, href: 'https://www.billboard.com/charts/billboard-korea-k-pop-hot-100/' },
] as const;
