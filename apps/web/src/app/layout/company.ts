/**
 * Company details shown in the footer. The spec asks for them without giving them: these are placeholders to be
 * replaced with the operator's registered details.
 */
export const COMPANY = {
  name: 'KSHOP Co., Ltd.',
  representative: 'Hong Gildong',
  businessRegistrationNumber: '000-00-00000',
  address: '123 Teheran-ro, Gangnam-gu, Seoul, Republic of Korea',
  email: 'wholesale@kshop.example',
} as const;

export const CHART_LINKS = [
  { label: 'Circle Chart', href: 'https://circlechart.kr/' },
  { label: 'Hanteo Chart', href: 'https://www.hanteochart.com/' },
  { label: 'Melon Chart', href: 'https://www.melon.com/chart/index.htm' },
  { label: 'Billboard K-Pop', href: 'https://www.billboard.com/charts/billboard-korea-k-pop-hot-100/' },
] as const;
