import { CATEGORY_ID } from '@kshop/contract';
import { DEMO_ARTISTS, type DemoArtist } from './demo-artists.js';
import type { Random } from './random.js';

/** The options a product is sold in: one key, or two keys crossed. */
export type OptionPlan = {
  key1: string;
  values1: readonly string[];
  key2?: string;
  values2?: readonly string[];
  /** Extra won for an option, e.g. a bigger size. */
  extraKrw?: (value1: string, value2: string | null) => number;
};

/** What a product is, before the generator gives it dates, prices and stock. */
export type ProductDraft = {
  title: string;
  /** Words for the demo image names: lowercase letters, digits and hyphens. */
  slug: string;
  vendor: string;
  artists: readonly DemoArtist[];
  options: OptionPlan;
  priceKrw: readonly [number, number];
  kind:
    | 'album'
    | 'lp'
    | 'ost'
    | 'magazine'
    | 'event'
    | 'merch'
    | 'light-stick'
    | 'photobook'
    | 'calendar'
    | 'character';
  /** Lines for the 'components' list of the description. */
  components: readonly string[];
  eventType?: string;
  /** The headline of the album or issue, when there is one. */
  subtitle?: string;
};

export type DraftContext = { rng: Random; releaseDate: string };

const SINGLE: OptionPlan = { key1: 'OPTION', values1: ['Standard'] };

const ALBUM_NAMES = [
  'Blue Hour',
  'Midnight Parade',
  'Neon Garden',
  'Paper Planes',
  'Afterglow',
  'Starlit Road',
  'Echoes',
  'Sugar Rush',
  'Velvet Sky',
  'Run Wild',
  'Daydream',
  'Moonwalker',
  'Crystal Bloom',
  'Heat Wave',
  'Northbound',
  'Silver Lining',
  'Firefly',
  'Youth Manual',
  'Gravity',
  'Polaroid Summer',
  'Wonderland Express',
  'Secret Code',
  'Lemonade',
  'Into the Light',
] as const;

const PHOTOBOOK_PLACES = [
  'In Lisbon',
  'Jeju Diary',
  'Tokyo Drift',
  'Summer in Busan',
  'Paris Holiday',
  'Snow Day',
];
const DRAMAS = [
  { title: 'Moonlit Bakery', network: 'tvN' },
  { title: 'Seoul Detectives', network: 'JTBC' },
  { title: 'Our Last Spring', network: 'KBS2' },
  { title: 'The Palace Chef', network: 'SBS' },
  { title: 'Signal at Midnight', network: 'MBC' },
  { title: 'Hello, My Neighbor', network: 'ENA' },
] as const;
const MAGAZINES = [
  { name: 'MODE SEOUL', publisher: 'MODE SEOUL MEDIA' },
  { name: 'STARLINE', publisher: 'STARLINE PUBLISHING' },
  { name: 'CINE PLUS', publisher: 'CINE PLUS KOREA' },
  { name: 'DAZE KOREA', publisher: 'DAZE MEDIA GROUP' },
  { name: 'HANBOK & CO.', publisher: 'HANBIT PRESS' },
] as const;

const ALBUM_TYPES = [
  ['Mini Album', 6],
  ['Full Album', 2],
  ['Single Album', 2],
] as const;

const SIZES = ['S', 'M', 'L', 'XL'] as const;
const sizeExtra = (_v1: string, v2: string | null) => (v2 === 'XL' || _v1 === 'XL' ? 2000 : 0);

const byCategory = (...names: DemoArtist['category'][]) =>
  DEMO_ARTISTS.filter((a) => names.includes(a.category));
const MUSIC_ARTISTS = byCategory('BOY GROUP', 'GIRL GROUP', 'SOLO');
const GROUPS = byCategory('BOY GROUP', 'GIRL GROUP');
const OST_ARTISTS = byCategory('ACTOR & OST', 'SOLO');
const CHARACTER_GROUPS = DEMO_ARTISTS.filter((a) => a.characters);

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

export const slugify = (...words: string[]): string =>
  words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/** A group's MEMBER option, or nothing for a soloist. */
const memberPlan = (artist: DemoArtist, rng: Random): OptionPlan | null =>
  artist.members.length > 0 ? { key1: 'MEMBER', values1: rng.sample(artist.members, rng.int(4, 6)) } : null;

const ALBUM_COMPONENTS = [
  'Out box',
  'Photobook (80 pages)',
  'CD-R',
  'Lyric paper',
  'Photocard (1 random out of 8)',
  'Sticker',
  'Folded poster (first press only)',
];

function albumHeadline(rng: Random, artist: DemoArtist) {
  const type = rng.weighted(ALBUM_TYPES);
  const name = rng.pick(ALBUM_NAMES);
  const n = rng.int(1, type === 'Mini Album' ? 7 : 3);
  return { name, base: `${artist.nameEn} ${ordinal(n)} ${type} [${name}]` };
}

function standardAlbum({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const { name, base } = albumHeadline(rng, artist);
  const common = {
    slug: slugify(artist.nameEn, name),
    vendor: artist.label,
    artists: [artist],
    subtitle: name,
  };
  const variant = rng.int(0, artist.members.length > 0 ? 2 : 1);
  if (variant === 0) {
    return {
      ...common,
      title: `${base} (Photobook Ver.)`,
      options: {
        key1: 'VERSION',
        values1: ['A Ver.', 'B Ver.', 'C Ver.', 'Random Ver.'].slice(4 - rng.int(2, 4)),
      },
      priceKrw: [17000, 26000],
      kind: 'album',
      components: ALBUM_COMPONENTS,
    };
  }
  if (variant === 1) {
    return {
      ...common,
      title: `${base} (Random Ver.)`,
      options: SINGLE,
      priceKrw: [15900, 22000],
      kind: 'album',
      components: ALBUM_COMPONENTS,
    };
  }
  return {
    ...common,
    title: `${base} (Jewel / Digipack Ver.)`,
    options: {
      key1: 'VERSION',
      values1: ['Jewel Ver.', 'Digipack Ver.'],
      key2: 'MEMBER',
      values2: rng.sample(artist.members, rng.int(3, 5)),
      extraKrw: (v1) => (v1 === 'Digipack Ver.' ? 1500 : 0),
    },
    priceKrw: [11000, 15000],
    kind: 'album',
    components: ['Jewel case or digipack', 'CD', 'Booklet (24 pages)', 'Member photocard', 'Lyric sticker'],
  };
}

function platformAlbum({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const { name, base } = albumHeadline(rng, artist);
  return {
    title: `${base} (Platform Ver.)`,
    slug: slugify(artist.nameEn, name, 'platform'),
    vendor: artist.label,
    artists: [artist],
    subtitle: name,
    options: memberPlan(artist, rng) ?? { key1: 'VERSION', values1: ['QR Card Ver.', 'NFC Ver.'] },
    priceKrw: [8900, 14000],
    kind: 'album',
    components: [
      'QR card or NFC tag (app download)',
      'Photocard set (3 pieces)',
      'Mini sticker',
      'Credit card',
    ],
  };
}

function lpAlbum({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const name = rng.pick(ALBUM_NAMES);
  const colours = rng.chance(0.6);
  return {
    title: `${artist.nameEn} ${ordinal(rng.int(1, 3))} Full Album [${name}] LP${colours ? '' : ' (Limited Edition)'}`,
    slug: slugify(artist.nameEn, name, 'lp'),
    vendor: artist.label,
    artists: [artist],
    subtitle: name,
    options: colours
      ? {
          key1: 'VERSION',
          values1: ['Black Vinyl', 'Clear Vinyl', 'Marble Vinyl'],
          extraKrw: (v1) => (v1 === 'Marble Vinyl' ? 8000 : 0),
        }
      : SINGLE,
    priceKrw: [45000, 69000],
    kind: 'lp',
    components: ['12-inch 180g vinyl', 'Gatefold jacket', 'Lyric sheet', 'Poster (1 piece)'],
  };
}

function ostAlbum({ rng }: DraftContext): ProductDraft {
  const drama = rng.pick(DRAMAS);
  const singers = rng.sample(OST_ARTISTS, rng.int(1, 2));
  return {
    title: `${drama.title} OST (${drama.network} Drama) 2CD`,
    slug: slugify(drama.title, 'ost'),
    vendor: 'DRAMA HOUSE MUSIC',
    artists: singers,
    subtitle: drama.title,
    options: rng.chance(0.5) ? { key1: 'VERSION', values1: ['Standard', 'Special Ver.'] } : SINGLE,
    priceKrw: [18000, 28000],
    kind: 'ost',
    components: ['2 CDs', 'Photobook (40 pages)', 'Still-cut postcards (4 pieces)'],
  };
}

function specialAlbum({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const name = rng.pick(ALBUM_NAMES);
  if (rng.chance(0.3)) {
    const partner = rng.pick(MUSIC_ARTISTS.filter((a) => a !== artist));
    return {
      title: `${artist.nameEn} x ${partner.nameEn} Collaboration Single [${name}]`,
      slug: slugify(artist.nameEn, partner.nameEn, name),
      vendor: artist.label,
      artists: [artist, partner],
      subtitle: name,
      options: SINGLE,
      priceKrw: [14000, 19000],
      kind: 'album',
      components: ['CD', 'Booklet (32 pages)', 'Photocard (1 random out of 4)'],
    };
  }
  const kit = rng.chance(0.5);
  return {
    title: kit
      ? `${artist.nameEn} Special Album [${name}] (Kit Ver.)`
      : `${artist.nameEn} Repackage Album [${name}]`,
    slug: slugify(artist.nameEn, name, kit ? 'kit' : 'repackage'),
    vendor: artist.label,
    artists: [artist],
    subtitle: name,
    options: rng.chance(0.5)
      ? { key1: 'VERSION', values1: ['Standard', 'Limited'], extraKrw: (v1) => (v1 === 'Limited' ? 9000 : 0) }
      : SINGLE,
    priceKrw: [19000, 39000],
    kind: 'album',
    components: ALBUM_COMPONENTS,
  };
}

function magazine({ rng, releaseDate }: DraftContext): ProductDraft {
  const mag = rng.pick(MAGAZINES);
  const covers = rng.sample(DEMO_ARTISTS, rng.chance(0.25) ? 2 : 1);
  const issue = releaseDate.slice(0, 7).replace('-', '.');
  const coverNames = covers.map((a) => a.nameEn).join(' & ');
  return {
    title: `${mag.name} ${issue} Issue (Cover: ${coverNames})`,
    slug: slugify(mag.name, issue, ...covers.map((a) => a.nameEn)),
    vendor: mag.publisher,
    artists: covers,
    subtitle: issue,
    options: rng.chance(0.6)
      ? { key1: 'COVER', values1: ['A Type', 'B Type', 'C Type'].slice(0, rng.int(2, 3)) }
      : SINGLE,
    priceKrw: [12000, 22000],
    kind: 'magazine',
    components: [
      'Magazine (about 200 pages)',
      'Cover interview and pictorial',
      'Folded poster (first press only)',
    ],
  };
}

const EVENT_TYPES = [
  ['FANSIGN', 4],
  ['LUCKY_DRAW', 3],
  ['VIDEO_CALL', 2],
  ['SHOWCASE', 1],
] as const;

function eventItem({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const { name, base } = albumHeadline(rng, artist);
  const eventType = rng.weighted(EVENT_TYPES);
  const titles: Record<(typeof EVENT_TYPES)[number][0], string> = {
    FANSIGN: `${base} Fansign Event Entry Album`,
    LUCKY_DRAW: `${artist.nameEn} [${name}] Lucky Draw Event (Photocard)`,
    VIDEO_CALL: `${artist.nameEn} [${name}] 1:1 Video Call Event Entry Album`,
    SHOWCASE: `${artist.nameEn} [${name}] Showcase Invitation Lucky Draw`,
  };
  return {
    title: titles[eventType],
    slug: slugify(artist.nameEn, name, eventType),
    vendor: artist.label,
    artists: [artist],
    subtitle: name,
    eventType,
    options:
      eventType === 'VIDEO_CALL'
        ? (memberPlan(artist, rng) ?? SINGLE)
        : { key1: 'VERSION', values1: ['Random Ver.'] },
    priceKrw: [15000, 24000],
    kind: 'event',
    components: [
      'Album (random version)',
      'Event entry (one per album)',
      'Unreleased photocard (winners only)',
    ],
  };
}

const MERCH_ITEMS = [
  { item: 'Official Hoodie', plan: 'size', price: [59000, 79000] },
  { item: 'Pop-up Store T-Shirt', plan: 'member-size', price: [35000, 45000] },
  { item: 'Acrylic Stand', plan: 'member', price: [15000, 19000] },
  { item: 'Photocard Binder', plan: 'single', price: [12000, 25000] },
  { item: 'Slogan Towel', plan: 'member', price: [15000, 22000] },
  { item: 'Image Picket', plan: 'member', price: [12000, 16000] },
  { item: 'Official Fan Kit', plan: 'single', price: [35000, 49000] },
] as const;

function merch({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const spec = rng.pick(MERCH_ITEMS);
  const members = memberPlan(artist, rng);
  let options: OptionPlan = SINGLE;
  if (spec.plan === 'size') options = { key1: 'SIZE', values1: SIZES, extraKrw: sizeExtra };
  if (spec.plan === 'member' && members) options = members;
  if (spec.plan === 'member-size' && members) {
    options = {
      ...members,
      values1: members.values1.slice(0, 4),
      key2: 'SIZE',
      values2: SIZES,
      extraKrw: sizeExtra,
    };
  } else if (spec.plan === 'member-size') {
    options = { key1: 'SIZE', values1: SIZES, extraKrw: sizeExtra };
  }
  return {
    title: `${artist.nameEn} ${spec.item}`,
    slug: slugify(artist.nameEn, spec.item),
    vendor: artist.label,
    artists: [artist],
    options,
    priceKrw: spec.price,
    kind: 'merch',
    components: [spec.item, 'Official hologram sticker'],
  };
}

function lightStick({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(MUSIC_ARTISTS);
  const variant = rng.weighted([
    ['stick', 5],
    ['keyring', 2],
    ['cover', 1],
  ] as const);
  const version = rng.int(1, 3);
  const title = {
    stick: `${artist.nameEn} Official Light Stick${version > 1 ? ` Ver.${version}` : ''}`,
    keyring: `${artist.nameEn} Official Light Stick Keyring`,
    cover: `${artist.nameEn} Official Light Stick Cover`,
  }[variant];
  return {
    title,
    slug: slugify(artist.nameEn, 'light stick', variant === 'stick' ? `v${version}` : variant),
    vendor: artist.label,
    artists: [artist],
    options: SINGLE,
    priceKrw: variant === 'stick' ? [42000, 59000] : [15000, 22000],
    kind: 'light-stick',
    components:
      variant === 'stick'
        ? [
            'Light stick',
            'Strap',
            'User guide',
            'Photocard (1 random)',
            'Uses 3 AAA batteries (not included)',
          ]
        : ['Item', 'Gift box'],
  };
}

function photobook({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(DEMO_ARTISTS);
  const place = rng.pick(PHOTOBOOK_PLACES);
  const set = rng.chance(0.2);
  return {
    title: set
      ? `${artist.nameEn} Special Photobook SET [${place}]`
      : `${artist.nameEn} ${ordinal(rng.int(1, 3))} Photobook [${place}]`,
    slug: slugify(artist.nameEn, place, 'photobook'),
    vendor: artist.label,
    artists: [artist],
    subtitle: place,
    options: set
      ? SINGLE
      : {
          key1: 'VERSION',
          values1: ['Standard', 'Limited Edition'],
          extraKrw: (v1) => (v1 === 'Standard' ? 0 : 40000),
        },
    priceKrw: set ? [120000, 189000] : [45000, 89000],
    kind: 'photobook',
    components: ['Photobook (160 pages)', 'Postcard set', 'Bookmark', 'Photocard (1 random)'],
  };
}

function seasonsGreetingsGoods({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(GROUPS);
  const item = rng.pick(['Trading Card Set', 'Mini Poster Set', 'Photo Pack']);
  return {
    title: `${artist.nameEn} SEASON'S GREETINGS ${item}`,
    slug: slugify(artist.nameEn, 'seasons greetings', item),
    vendor: artist.label,
    artists: [artist],
    options: memberPlan(artist, rng) ?? SINGLE,
    priceKrw: [9000, 18000],
    kind: 'merch',
    components: [item, 'Clear sleeve'],
  };
}

function seasonsGreetings({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(DEMO_ARTISTS);
  return {
    title: `${artist.nameEn} 2027 SEASON'S GREETINGS`,
    slug: slugify(artist.nameEn, '2027 seasons greetings'),
    vendor: artist.label,
    artists: [artist],
    options: rng.chance(0.5)
      ? {
          key1: 'VERSION',
          values1: ['Standard', 'With Pre-order Benefit'],
          extraKrw: (v1) => (v1 === 'Standard' ? 0 : 3000),
        }
      : SINGLE,
    priceKrw: [39000, 59000],
    kind: 'calendar',
    components: ['Desk calendar', 'Diary', 'Photobook', 'Sticker set', 'Photocard set', 'Poster'],
  };
}

function calendarDiary({ rng }: DraftContext): ProductDraft {
  const artist = rng.pick(DEMO_ARTISTS);
  const combined = rng.chance(0.5);
  const single = rng.pick(['Desk Calendar', 'Wall Calendar', 'Diary']);
  return {
    title: combined ? `${artist.nameEn} 2027 Calendar & Diary` : `${artist.nameEn} 2027 ${single}`,
    slug: slugify(artist.nameEn, '2027', combined ? 'calendar diary' : single),
    vendor: artist.label,
    artists: [artist],
    options: combined ? { key1: 'TYPE', values1: ['Desk Calendar', 'Wall Calendar', 'Diary'] } : SINGLE,
    priceKrw: [19000, 32000],
    kind: 'calendar',
    components: combined ? ['Desk or wall calendar, or diary'] : [single],
  };
}

function characterGoods(
  items: readonly string[],
  plan: 'character' | 'character-size' | 'blind',
  price: readonly [number, number],
) {
  return ({ rng }: DraftContext): ProductDraft => {
    const artist = rng.pick(CHARACTER_GROUPS);
    const brand = artist.characters!;
    const item = rng.pick(items);
    const blind = plan === 'blind' && rng.chance(0.5);
    const options: OptionPlan = blind
      ? { key1: 'OPTION', values1: ['Random (Blind Box)'] }
      : plan === 'character-size'
        ? {
            key1: 'CHARACTER',
            values1: brand.names,
            key2: 'SIZE',
            values2: ['10cm', '20cm'],
            extraKrw: (_v1, v2) => (v2 === '20cm' ? 12000 : 0),
          }
        : { key1: 'CHARACTER', values1: brand.names };
    return {
      title: `${brand.brand} ${item}${blind ? ' (Blind Box)' : ''}`,
      slug: slugify(brand.brand, item),
      vendor: artist.label,
      artists: [artist],
      options,
      priceKrw: price,
      kind: 'character',
      components: [item, 'Official character tag'],
    };
  };
}

/** How each category's products are made up; ids as in CATEGORY_TREE. */
export const CATEGORY_DRAFTS: ReadonlyMap<number, (context: DraftContext) => ProductDraft> = new Map([
  [CATEGORY_ID.kAlbum, specialAlbum],
  [5, standardAlbum],
  [6, platformAlbum],
  [7, lpAlbum],
  [8, ostAlbum],
  [CATEGORY_ID.kMagazine, magazine],
  [CATEGORY_ID.events, eventItem],
  [CATEGORY_ID.kMerch, merch],
  [CATEGORY_ID.lightStick, lightStick],
  [CATEGORY_ID.photoBook, photobook],
  [CATEGORY_ID.seasonsGreetings, seasonsGreetingsGoods],
  [20, seasonsGreetings],
  [21, calendarDiary],
  [
    CATEGORY_ID.kCharacters,
    characterGoods(['Mini Pouch', 'Keyring', 'Phone Grip'], 'character', [9000, 19000]),
  ],
  [22, characterGoods(['Plush Doll', 'Plush Keyring'], 'character-size', [15000, 22000])],
  [23, characterGoods(['Figure', 'Mini Figure'], 'blind', [12000, 35000])],
  [
    24,
    characterGoods(
      ['Sticker Pack', 'Memo Pad', 'Ballpoint Pen Set', 'A5 Notebook'],
      'character',
      [8900, 12000],
    ),
  ],
]);
