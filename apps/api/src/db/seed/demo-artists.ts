import { inArray } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { artistCategories, artists } from '../schema.js';

/** Every name below is made up for the demo; any likeness to a real act is unintended. */
export const DEMO_ARTIST_CATEGORIES = ['BOY GROUP', 'GIRL GROUP', 'SOLO', 'ACTOR & OST'] as const;
export type DemoArtistCategory = (typeof DEMO_ARTIST_CATEGORIES)[number];

export type DemoArtist = {
  nameEn: string;
  nameKo: string;
  category: DemoArtistCategory;
  /** The label that publishes the artist's albums and goods (the product's vendor). */
  label: string;
  /** Values of a MEMBER option; empty for soloists and actors. */
  members: readonly string[];
  /** Character line of the group, for K-CHARACTERS goods. */
  characters?: { brand: string; names: readonly string[] };
};

export const DEMO_ARTISTS: readonly DemoArtist[] = [
  {
    nameEn: 'NOVA9',
    nameKo: '노바나인',
    category: 'BOY GROUP',
    label: 'STARHOUSE ENTERTAINMENT',
    members: ['JUNO', 'HAEON', 'RIO', 'SEOJUN', 'TAEO', 'KAIN', 'MINHO', 'YUL', 'DOYUN'],
    characters: { brand: 'NOVAMON', names: ['Bori', 'Kongi', 'Dubu', 'Mochi', 'Tangi'] },
  },
  {
    nameEn: 'STELLAR BOYS',
    nameKo: '스텔라보이즈',
    category: 'BOY GROUP',
    label: 'BLUEMOON MUSIC',
    members: ['HAJIN', 'EUNSEOK', 'LEO', 'WOOJIN', 'SIHU'],
    characters: { brand: 'STELLAR ZOO', names: ['Hamster', 'Fox', 'Otter', 'Bear', 'Rabbit'] },
  },
  {
    nameEn: 'ORBIT LINE',
    nameKo: '오르빗라인',
    category: 'BOY GROUP',
    label: 'ORBIT CREATIVE',
    members: ['JAEHA', 'YEON', 'ISAAC', 'GEON', 'HYUNWOO', 'SAN'],
  },
  {
    nameEn: 'TEN TO TEN',
    nameKo: '텐투텐',
    category: 'BOY GROUP',
    label: 'NEXT WAVE LABEL',
    members: ['CHAN', 'DAEHO', 'EVAN', 'JIHO'],
  },
  {
    nameEn: 'DAWNBREAK',
    nameKo: '던브레이크',
    category: 'BOY GROUP',
    label: 'MOONRISE ENTERTAINMENT',
    members: ['SEOL', 'HANBIN', 'RYU', 'TAEKYUNG', 'JAY', 'NOAH', 'YOONHO'],
  },
  {
    nameEn: 'WILD CARD 7',
    nameKo: '와일드카드세븐',
    category: 'BOY GROUP',
    label: 'HANA ENT.',
    members: ['ACE', 'KING', 'JOKER', 'QUINN', 'DEUCE', 'SPADE', 'CLUB'],
  },
  {
    nameEn: 'LUMOS',
    nameKo: '루모스',
    category: 'BOY GROUP',
    label: 'STARHOUSE ENTERTAINMENT',
    members: ['HAESOL', 'DAON', 'IAN', 'YUWON', 'SEHA'],
  },
  {
    nameEn: 'PRISMA',
    nameKo: '프리즈마',
    category: 'GIRL GROUP',
    label: 'STARHOUSE ENTERTAINMENT',
    members: ['YENA', 'SOL', 'HARIN', 'MIU', 'JIWOO'],
    characters: { brand: 'PRISMINI', names: ['Peachy', 'Lemo', 'Grapey', 'Minty', 'Berry'] },
  },
  {
    nameEn: 'LUNA BLOOM',
    nameKo: '루나블룸',
    category: 'GIRL GROUP',
    label: 'BLUEMOON MUSIC',
    members: ['DAHYE', 'ARIN', 'YUNA', 'SEOA'],
    characters: { brand: 'LUNA PALS', names: ['Moonie', 'Starry', 'Cloudy', 'Sunny'] },
  },
  {
    nameEn: 'VIVID8',
    nameKo: '비비드에잇',
    category: 'GIRL GROUP',
    label: 'NEXT WAVE LABEL',
    members: ['HANA', 'RUBY', 'CHAEWON', 'NARI', 'EUNBI', 'LINA', 'SOYEON', 'JIHYO'],
  },
  {
    nameEn: 'CHERRY TIDE',
    nameKo: '체리타이드',
    category: 'GIRL GROUP',
    label: 'MOONRISE ENTERTAINMENT',
    members: ['YEWON', 'GAEUL', 'BINA', 'SUAH', 'HAYUN'],
    characters: { brand: 'TIDE FRIENDS', names: ['Shelly', 'Coral', 'Pearl', 'Wavy', 'Sandy'] },
  },
  {
    nameEn: 'AURORA CODE',
    nameKo: '오로라코드',
    category: 'GIRL GROUP',
    label: 'ORBIT CREATIVE',
    members: ['ELLA', 'SEYEON', 'HAEUN', 'NANA', 'YOOJIN', 'MINA'],
  },
  {
    nameEn: 'SOLARIA',
    nameKo: '솔라리아',
    category: 'GIRL GROUP',
    label: 'HANA ENT.',
    members: ['SORA', 'JIAN', 'YERIN', 'DAIN'],
  },
  {
    nameEn: 'PETAL ROUGE',
    nameKo: '페탈루즈',
    category: 'GIRL GROUP',
    label: 'PLUMTREE MUSIC',
    members: ['ROSA', 'HYEJIN', 'AMBER', 'SIA', 'JOY'],
  },
  { nameEn: 'HAN YURI', nameKo: '한유리', category: 'SOLO', label: 'PLUMTREE MUSIC', members: [] },
  { nameEn: 'KANG MIN', nameKo: '강민', category: 'SOLO', label: 'BLUEMOON MUSIC', members: [] },
  { nameEn: 'JIN SOL', nameKo: '진솔', category: 'SOLO', label: 'NEXT WAVE LABEL', members: [] },
  { nameEn: 'REYNA', nameKo: '레이나', category: 'SOLO', label: 'STARHOUSE ENTERTAINMENT', members: [] },
  { nameEn: 'SEO HAJUN', nameKo: '서하준', category: 'SOLO', label: 'HANA ENT.', members: [] },
  { nameEn: 'PARK SEOJIN', nameKo: '박서진', category: 'ACTOR & OST', label: 'MAEUM ACTORS', members: [] },
  { nameEn: 'LEE DOHA', nameKo: '이도하', category: 'ACTOR & OST', label: 'MAEUM ACTORS', members: [] },
  { nameEn: 'YOON ARI', nameKo: '윤아리', category: 'ACTOR & OST', label: 'DRAMA HOUSE MUSIC', members: [] },
  {
    nameEn: 'CHOI WOOHYUN',
    nameKo: '최우현',
    category: 'ACTOR & OST',
    label: 'DRAMA HOUSE MUSIC',
    members: [],
  },
  {
    nameEn: 'MINT CANDY',
    nameKo: '민트캔디',
    category: 'ACTOR & OST',
    label: 'DRAMA HOUSE MUSIC',
    members: [],
  },
];

/**
 * Makes sure the demo artist categories and artists exist and returns artist ids by English name.
 * Ids come from the database's sequences, so rows staff add later never collide with them.
 */
export async function ensureDemoArtists(db: Executor): Promise<Map<string, number>> {
  const existingCategories = await db
    .select({ id: artistCategories.id, name: artistCategories.name })
    .from(artistCategories)
    .where(inArray(artistCategories.name, [...DEMO_ARTIST_CATEGORIES]));
  const categoryIds = new Map(existingCategories.map((c) => [c.name, c.id]));
  const missingCategories = DEMO_ARTIST_CATEGORIES.map((name, index) => ({
    name,
    sortOrder: index + 1,
  })).filter((c) => !categoryIds.has(c.name));
  if (missingCategories.length > 0) {
    const inserted = await db
      .insert(artistCategories)
      .values(missingCategories)
      .returning({ id: artistCategories.id, name: artistCategories.name });
    for (const c of inserted) categoryIds.set(c.name, c.id);
  }

  const names = DEMO_ARTISTS.map((a) => a.nameEn);
  const existingArtists = await db
    .select({ id: artists.id, nameEn: artists.nameEn })
    .from(artists)
    .where(inArray(artists.nameEn, names));
  const artistIds = new Map(existingArtists.map((a) => [a.nameEn, a.id]));
  const missingArtists = DEMO_ARTISTS.filter((a) => !artistIds.has(a.nameEn)).map((a) => ({
    artistCategoryId: categoryIds.get(a.category)!,
    nameEn: a.nameEn,
    nameKo: a.nameKo,
  }));
  if (missingArtists.length > 0) {
    const inserted = await db
      .insert(artists)
      .values(missingArtists)
      .returning({ id: artists.id, nameEn: artists.nameEn });
    for (const a of inserted) artistIds.set(a.nameEn, a.id);
  }
  return artistIds;
}
