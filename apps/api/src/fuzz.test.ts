/**
 * Hostile input for every route of the OpenAPI document: wrong types, empty and huge texts, NUL and lone
 * surrogates, numbers past every edge, junk shapes, extra and missing fields, malformed JSON, wrong content
 * types, oversize bodies and odd path parameters (see test/fuzz-inputs.ts). Every answer must be below 500
 * and, for JSON routes, the envelope whose statusCode is the HTTP status; a refused input changes nothing in
 * the database. Two checks see to that (test/database-watch.ts): the journal of rows written must stay empty
 * across a refused request, and the fingerprint of every table must be the same before and after a route's
 * batch when no input of it was accepted.
 *
 * Each route gets FUZZ_RUNS inputs from FUZZ_SEED (random by default; a failure prints it). The default, 24,
 * is CI's short run: every kind of broken input that applies to a route is sent at least once (there are 18
 * kinds; the test checks that none was left out), and a few more are drawn by weight. The long run, 1000
 * inputs a route, is a benchmark (bench/README.md), on PGlite or on PostgreSQL:
 *   npx tsx bench/fuzz.ts
 *   FUZZ_RUNS=1000 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project api src/fuzz.test.ts
 * FUZZ_SEED=123 repeats a run; FUZZ_ROUTE=/admin/products limits it to the routes whose path contains that.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addresses,
  artistCategories,
  artists,
  buyerSessions,
  buyers,
  cartItems,
  categories,
  contactInquiries,
  orders,
  productOptions,
  products,
  staff,
  staffSessions,
  storedFiles,
} from './db/schema.js';
import { csvLine } from './lib/csv.js';
import { hashToken, newToken } from './lib/tokens.js';
import { CSV_COLUMNS } from './modules/catalog-admin/catalog-csv-parse.js';
import { foldSales } from './modules/orders/pending-sales.js';
import * as staffService from './modules/staff/staff.service.js';
import { createTestShop, DEMO } from './test/app.js';
import { orderPayload, placeOrder, stockedOption } from './test/buying.js';
import { changedTables, watchDatabase } from './test/database-watch.js';
import {
  describeRequest,
  type FuzzContext,
  type FuzzRequest,
  fuzzRequests,
  hashText,
  hostileNumber,
  hostileText,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  type Random,
  seededRandom,
} from './test/fuzz-inputs.js';
import { staffSession } from './test/staff.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ONLY = process.env.FUZZ_ROUTE;
/** FUZZ_VERBOSE=1 prints, per route, the answers by status and the time taken. */
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);

/**
 * Tables a refused request may write on purpose: a wrong verification code counts against the code, and a
 * refusal under an Idempotency-Key is kept as the key's answer.
 */
const WRITES_ON_REFUSAL: Record<string, string[]> = {
  'POST /api/v1/auth/email-verification': ['email_verifications'],
};
const mayWriteOnRefusal = (name: string, request: FuzzRequest) => [
  ...(WRITES_ON_REFUSAL[name] ?? []),
  ...(request.headers['idempotency-key'] === undefined ? [] : ['idempotency_keys']),
];

// Queued mails go out when a request queues one, and when `backgroundWorkDone` asks, never on the sender's own
// clock, which could fall within a refused request (a retry of a mail the peer did not take).
const shop = await createTestShop({ env: { MAIL_POLL_MS: '0' } });
afterAll(() => shop.close());

// ---------------------------------------------------------------------------------------------------------
// Who sends: a guest, an approved member, the owner of the back office

const SESSION_MS = 24 * 3_600_000;
let memberCount = 0;

async function memberSession(buyerId: string) {
  const token = newToken();
  await shop.db
    .insert(buyerSessions)
    .values({ buyerId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_MS) });
  return `Bearer ${token}`;
}

/** An approved Korean member like the demo one (same password), with a saved address and a cart line. */
async function newMember() {
  const [template] = await shop.db.select().from(buyers).where(eq(buyers.email, DEMO.korea));
  const { id: _id, ...row } = template!;
  const email = `fuzz-member-${++memberCount}@kshop.example`;
  const [created] = await shop.db
    .insert(buyers)
    .values({ ...row, email, status: 'APPROVED', deletedAt: null })
    .returning({ id: buyers.id });
  await shop.db
    .insert(addresses)
    .values({ buyerId: created!.id, postalCode: '06234', addressDetail: 'Seoul', isDefault: true });
  const authorization = await memberSession(created!.id);
  const [option] = await shop.db
    .select({ id: productOptions.id })
    .from(productOptions)
    .where(and(eq(productOptions.minimumOrderQuantity, 1), eq(productOptions.isSoldOut, false)))
    .orderBy(productOptions.id)
    .limit(1);
  await shop.db.insert(cartItems).values({ buyerId: created!.id, productOptionId: option!.id, quantity: 1 });
  return { id: created!.id, authorization };
}

async function ownerSession(staffId: string) {
  const token = newToken();
  await shop.db
    .insert(staffSessions)
    .values({ staffId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_MS) });
  return `Bearer ${token}`;
}

let member = await newMember();
let owner = await staffSession(shop, 'fuzz-owner@kshop.example', 'OWNER');
const colleague = await staffService.createStaff(
  shop.db,
  { email: 'fuzz-staff@kshop.example', role: 'STAFF' },
  null,
);

// Something in every list: an order of the member, an inquiry.
{
  const option = await stockedOption(shop, 1000);
  const placed = await placeOrder(
    shop,
    { authorization: member.authorization },
    await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 2 }]),
  );
  if (placed.statusCode !== 200) throw new Error(`the member's order failed: ${placed.body}`);
  await shop.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: {
      email: 'fuzz@example.com',
      companyName: 'Fuzz Trading',
      representativeName: 'Fuzz',
      businessRegistrationNumber: '1208812345',
      phoneNumber: '+82 10-1234-5678',
      content: 'An inquiry to answer.',
      termsOfServiceAgree: true,
    },
  });
}

/** Whether the member (or the owner) can still act: an accepted request may have ended its session. */
async function sessionWorks(role: 'member' | 'owner') {
  const res = await shop.app.inject({
    method: 'GET',
    url: role === 'member' ? '/api/v1/cart' : '/api/v1/admin/staff',
    headers: { authorization: (role === 'member' ? member : owner).authorization },
  });
  return res.statusCode === 200;
}

/** A new session, or a new account when the old one was deleted, suspended or demoted. */
async function bringBack(role: 'member' | 'owner') {
  if (role === 'member') {
    const [row] = await shop.db.select().from(buyers).where(eq(buyers.id, member.id));
    member =
      row && row.status === 'APPROVED' && !row.deletedAt
        ? { id: member.id, authorization: await memberSession(member.id) }
        : await newMember();
    existing = await existingRows();
    return;
  }
  const [row] = await shop.db.select().from(staff).where(eq(staff.id, owner.id));
  const usable = row && row.role === 'OWNER' && !row.disabledAt && !row.mustChangePassword;
  owner = usable
    ? { ...owner, authorization: await ownerSession(owner.id) }
    : await staffSession(shop, `fuzz-owner-${Date.now()}@kshop.example`, 'OWNER');
}

// ---------------------------------------------------------------------------------------------------------
// Existing rows, so that path parameters and ids reach past the "not found" answers

type Existing = Record<
  | 'options'
  | 'products'
  | 'artistCategories'
  | 'artists'
  | 'categories'
  | 'buyers'
  | 'inquiries'
  | 'orderNumbers'
  | 'orders'
  | 'memberOrders'
  | 'memberAddresses'
  | 'memberCart'
  | 'colleagues'
  | 'images'
  | 'files',
  string[]
>;

/** What one piece of the first option costs the (Korean) member, so an order can pass the price check. */
let priceOfFirstOption = 0;

async function existingRows(): Promise<Existing> {
  const ids = <T extends { id: string | number }>(rows: T[]) => rows.map((row) => String(row.id));
  const [
    optionRows,
    productRows,
    artistCategoryRows,
    artistRows,
    categoryRows,
    buyerRows,
    inquiryRows,
    orderRows,
    addressRows,
    cartRows,
    fileRows,
  ] = await Promise.all([
    shop.db
      .select({ id: productOptions.id, priceKrw: productOptions.priceKrw })
      .from(productOptions)
      .where(and(eq(productOptions.minimumOrderQuantity, 1), eq(productOptions.isSoldOut, false)))
      .orderBy(productOptions.id)
      .limit(20),
    shop.db
      .select({ id: products.id, images: products.imageUrls })
      .from(products)
      .where(isNull(products.deletedAt))
      .orderBy(products.id)
      .limit(20),
    shop.db.select({ id: artistCategories.id }).from(artistCategories).limit(10),
    shop.db.select({ id: artists.id }).from(artists).limit(10),
    shop.db.select({ id: categories.id }).from(categories),
    shop.db
      .select({ id: buyers.id })
      .from(buyers)
      .where(and(ne(buyers.id, member.id), isNull(buyers.deletedAt)))
      .limit(10),
    shop.db.select({ id: contactInquiries.id }).from(contactInquiries).limit(10),
    shop.db
      .select({ id: orders.id, number: orders.orderNumber, buyerId: orders.buyerId })
      .from(orders)
      .limit(20),
    shop.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.buyerId, member.id)),
    shop.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.buyerId, member.id)),
    shop.db.select({ key: storedFiles.storageKey }).from(storedFiles).limit(10),
  ]);
  priceOfFirstOption = optionRows[0]?.priceKrw ?? 0;
  return {
    options: ids(optionRows),
    products: ids(productRows),
    artistCategories: ids(artistCategoryRows),
    artists: ids(artistRows),
    categories: ids(categoryRows),
    buyers: ids(buyerRows),
    inquiries: ids(inquiryRows),
    orderNumbers: orderRows.map((row) => row.number),
    orders: ids(orderRows),
    memberOrders: ids(orderRows.filter((row) => row.buyerId === member.id)),
    memberAddresses: ids(addressRows),
    memberCart: ids(cartRows),
    colleagues: [colleague.id],
    images: productRows.flatMap((row) => row.images.map((url) => url.replace(/^.*\//, ''))).slice(0, 10),
    files: fileRows.map((row) => row.key),
  };
}

let existing = await existingRows();

const PATH_ROWS: [string, keyof Existing][] = [
  ['/media/demo/', 'images'],
  ['/api/v1/artist/list/', 'artistCategories'],
  ['/api/v1/product/detail/', 'options'],
  ['/api/v1/user/address/', 'memberAddresses'],
  ['/api/v1/order/detail/', 'memberOrders'],
  ['/api/v1/admin/staff/', 'colleagues'],
  ['/api/v1/admin/buyers/', 'buyers'],
  // The order's documents are addressed by its uuid, its other back-office routes by its number.
  ['/api/v1/admin/orders/{uuid}/', 'orders'],
  ['/api/v1/admin/orders/', 'orderNumbers'],
  ['/api/v1/admin/inquiries/', 'inquiries'],
  ['/api/v1/admin/products/', 'products'],
  ['/api/v1/admin/categories/', 'categories'],
  ['/api/v1/admin/artist-categories/', 'artistCategories'],
  ['/api/v1/admin/artists/', 'artists'],
  ['/files/', 'files'],
];

/** A CSV import of one to three rows that the shop would take, with hostile cells. */
function catalogueCsv(random: Random) {
  const row = (): Record<(typeof CSV_COLUMNS)[number], string> => ({
    product_uuid: '',
    title: `Fuzz album ${random.int(1000)}`,
    vendor: 'Fuzz Records',
    category_id: '1',
    tags: 'new',
    release_date: '2026-01-15',
    artist_ids: existing.artists[0] ?? '',
    option_uuid: '',
    option_key1: 'Version',
    option_value1: 'A',
    option_key2: '',
    option_value2: '',
    price_krw: '15000',
    price_usd: '11.5',
    compared_price_krw: '',
    compared_price_usd: '',
    stock: '10',
    minimum_order_quantity: '1',
    sold_out: 'false',
    is_default: 'true',
  });
  const rows = Array.from({ length: 1 + random.int(3) }, row);
  for (let broken = 0; broken < 1 + random.int(2); broken++) {
    const target = random.pick(rows);
    const column = random.pick(CSV_COLUMNS);
    target[column] = random.chance(0.5)
      ? hostileText(random, target[column] || 'x', 300).slice(0, 400_000)
      : String(hostileNumber(random));
  }
  const lines = [CSV_COLUMNS.join(','), ...rows.map((r) => csvLine(CSV_COLUMNS.map((c) => r[c])))];
  return { contentType: 'text/csv', payload: `${lines.join('\r\n')}\r\n` };
}

const context: FuzzContext = {
  hints: {
    productOptionUuid: () => existing.options[0],
    quantity: () => 1,
    currencyCode: () => 'KRW',
    finalPaymentAmount: () => priceOfFirstOption,
    cartUuid: () => existing.memberCart[0],
    staffId: () => colleague.id,
    artistIds: () => existing.artists.slice(0, 1).map(Number),
    imageUrls: () => [],
    // A new option has no uuid yet.
    uuid: () => undefined,
  },
  pathValues: (operation) => {
    const match = PATH_ROWS.find(([prefix]) => operation.path.startsWith(prefix));
    return match ? existing[match[1]] : [];
  },
  rawBodyFor: (operation) => (operation.path === '/api/v1/admin/catalogue/import' ? catalogueCsv : null),
};

// ---------------------------------------------------------------------------------------------------------
// The database before and after (watched from here on: the setup above is not journaled)

const database = await watchDatabase(shop.db);

/**
 * Folds the sales that accepted orders appended, then waits (up to 15 s) until no background job is running
 * or queued: the work an accepted request started (a CSV import, the fold) writes on its own time, and must
 * not be taken for a write of a later, refused input. A failed attempt is queued again 2, 4, 8 s later; one
 * that fell due in a later route's batch changed the jobs table there, with nothing accepted.
 */
async function backgroundWorkDone() {
  // The test shop folds sales only when asked: here, after the accepted request that appended them. Its mails
  // go out now too, so their rows leave the queue before the next request is watched.
  await foldSales(shop.db);
  await shop.app.mailer.sender.drain();
  if (!database.tables.includes('jobs')) return;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [pending] = (
      (await shop.db.execute(
        sql`select count(*)::int as n from jobs where status in ('running', 'queued')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if (!pending?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sending and checking

type Role = 'guest' | 'member' | 'owner';

function roleFor(operation: Operation, random: Random): Role {
  if (operation.path === '/api/v1/admin/auth/login') return 'guest';
  if (operation.path.startsWith('/api/v1/admin/')) return random.chance(0.95) ? 'owner' : 'guest';
  if (operation.path.startsWith('/api/v1/')) return random.chance(0.75) ? 'member' : 'guest';
  return 'guest';
}

const roleHeaders = (role: Role): Record<string, string> =>
  role === 'member'
    ? { authorization: member.authorization }
    : role === 'owner'
      ? { authorization: owner.authorization }
      : {};

function send(request: FuzzRequest, role: Role) {
  return shop.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...roleHeaders(role), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

const FILE_TYPES: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const isFileAnswer = (operation: Operation, contentType: string) =>
  operation.formats.some((format) => FILE_TYPES[format] && contentType.startsWith(FILE_TYPES[format]));

/** What is wrong with an answer: a 5xx, or (for JSON routes) anything but the envelope of its status. */
function problemWith(operation: Operation, res: LightMyRequestResponse): string | null {
  const excerpt = res.body.length > 300 ? `${res.body.slice(0, 300)}…` : res.body;
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${excerpt}`;
  if (!operation.json) return null;
  // A report asked for as a file (`format=csv`) answers the file itself, with its own type, when it succeeds.
  if (res.statusCode === 200 && isFileAnswer(operation, String(res.headers['content-type'] ?? '')))
    return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${excerpt}`;
  }
  const envelope = body as { statusCode?: unknown; message?: unknown; data?: unknown } | null;
  if (
    !envelope ||
    typeof envelope !== 'object' ||
    envelope.statusCode !== res.statusCode ||
    typeof envelope.message !== 'string' ||
    !('data' in envelope)
  ) {
    return `answered ${res.statusCode} without its envelope: ${excerpt}`;
  }
  return null;
}

const text = { type: 'string' };
const query = (name: string) => ({ in: 'query', name, required: false, schema: text });
const fileKey = { in: 'path', name: 'key', required: true, schema: text };
/** Routes the document leaves out: signed file links of the local storage, and the health checks. */
const UNDOCUMENTED: Operation[] = [
  {
    method: 'GET',
    path: '/files/{key}',
    parameters: [fileKey, query('expires'), query('signature'), query('name'), query('type')],
    body: null,
    json: false,
    formats: [],
  },
  {
    method: 'PUT',
    path: '/files/{key}',
    parameters: [fileKey, query('expires'), query('signature')],
    body: null,
    json: false,
    formats: [],
  },
  { method: 'GET', path: '/healthz', parameters: [], body: null, json: true, formats: [] },
  { method: 'GET', path: '/readyz', parameters: [], body: null, json: true, formats: [] },
];

const operations = [...operationsOf(shop.app.swagger() as OpenApiDocument), ...UNDOCUMENTED].filter(
  (operation) => !ONLY || operation.path.includes(ONLY),
);

describe(`hostile input (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it('covers every route of the document and those it leaves out', () => {
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 60 + UNDOCUMENTED.length);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s',
    async (name, operation) => {
      const random = seededRandom(SEED ^ hashText(name));
      // Tables that refusals of this route may write are left out of the fingerprint; the journal sees them.
      const notPrinted = [...(WRITES_ON_REFUSAL[name] ?? []), 'idempotency_keys'];
      const problems: string[] = [];
      await backgroundWorkDone();
      await database.writesSinceLastLook();
      const before = await database.fingerprint(notPrinted);
      // Accepted writes and brought-back sessions change tables: then only the journal speaks.
      let acceptedWrites = 0;
      let sent = 0;
      const kindsSent = new Set<string>();
      /** Kinds that could be sent in some request of the run, and those that could in every one. */
      const kindsThatApplied = new Set<string>();
      let kindsThatAlwaysApplied: Set<string> | undefined;
      const statuses = new Map<number, number>();
      const messages = new Map<string, number>();
      const started = performance.now();
      for (const request of fuzzRequests(operation, random, RUNS, context)) {
        sent++;
        kindsSent.add(request.kind);
        for (const kind of request.kindsThatApply) kindsThatApplied.add(kind);
        kindsThatAlwaysApplied = new Set(
          request.kindsThatApply.filter(
            (kind) => !kindsThatAlwaysApplied || kindsThatAlwaysApplied.has(kind),
          ),
        );
        const role = roleFor(operation, random);
        let res = await send(request, role);
        // A session that an earlier accepted request ended is brought back, and the input sent again.
        const actor = role === 'guest' || request.headers.authorization !== undefined ? null : role;
        if (actor && (res.statusCode === 401 || res.statusCode === 403) && !(await sessionWorks(actor))) {
          await bringBack(actor);
          await database.writesSinceLastLook();
          acceptedWrites++;
          res = await send(request, role);
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (VERBOSE && res.statusCode >= 400) {
          const message = `${res.statusCode} ${res.body.slice(0, 140)}`;
          messages.set(message, (messages.get(message) ?? 0) + 1);
        }
        const problem = problemWith(operation, res);
        if (problem) problems.push(`${describeRequest(request)}\n    ${problem}`);
        const accepted = res.statusCode >= 200 && res.statusCode < 300;
        if (accepted && operation.method !== 'GET') await backgroundWorkDone();
        const writes = await database.writesSinceLastLook();
        const unexpected = [...writes].filter(([table]) => !mayWriteOnRefusal(name, request).includes(table));
        if (!accepted && unexpected.length) {
          const tables = unexpected.map(([table, counts]) => `${table} (${counts})`).join(', ');
          problems.push(
            `${describeRequest(request)}\n    refused with ${res.statusCode} but wrote ${tables}`,
          );
        }
        if (accepted && writes.size) acceptedWrites++;
        if (accepted && operation.method === 'DELETE') existing = await existingRows();
      }
      if (acceptedWrites === 0) {
        const changed = changedTables(before, await database.fingerprint(notPrinted));
        if (changed.length) problems.push(`no input was accepted, yet ${changed.join(', ')} changed`);
      }
      if (VERBOSE) {
        const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
        const common = [...messages].sort(([, a], [, b]) => b - a).slice(0, 6);
        process.stdout.write(
          `${name}: ${counts.join(' ')} in ${Math.round(performance.now() - started)} ms\n${common
            .map(([message, n]) => `    ${n}× ${message}\n`)
            .join('')}`,
        );
      }
      expect(sent).toBe(RUNS);
      // Each request sends a kind not sent yet while one applies, so with at least as many requests as kinds
      // that ever applied, none that applied throughout can be left out. (What applies can change as accepted
      // requests change the shop, e.g. once the cart is emptied.)
      if (RUNS >= kindsThatApplied.size) {
        const neverSent = [...(kindsThatAlwaysApplied ?? [])].filter((kind) => !kindsSent.has(kind));
        expect(neverSent, 'kinds of input that applied to every request but were never sent').toEqual([]);
      }
      expect(problems, `FUZZ_SEED=${SEED} FUZZ_ROUTE='${operation.path}'\n${problems.join('\n')}`).toEqual(
        [],
      );
    },
    60_000 + RUNS * 200,
  );
});

describe('the inputs an outside fuzzer answered with 500', () => {
  const nul = '\u0000';
  const contact = {
    email: 'buyer@example.com',
    companyName: 'Hanbit Records',
    representativeName: 'Kim Minji',
    businessRegistrationNumber: '1208812345',
    phoneNumber: '+82 10-1234-5678',
    content: 'We would like to order 200 albums.',
    termsOfServiceAgree: true,
  };
  const option = {
    optionNameKey1: 'Version',
    optionNameValue1: 'A',
    priceKrw: 15000,
    priceUsd: 11.5,
    stock: 10,
  };
  const product = { title: 'Fuzz album', vendor: 'Fuzz Records', categoryId: 1, options: [option] };
  const signup = {
    email: 'new@buyer.example',
    password: 'Seoul2026!',
    companyName: 'Hanbit Records Trading',
    companyAddress: '12 Teheran-ro, Gangnam-gu, Seoul',
    representativeName: 'Kim Minji',
    phoneNumber: '+82 10-1234-5678',
    businessRegistrationNumber: '1208812345',
    businessCertificateUrl: '/files/cert.pdf',
    isKoreanCompany: true,
    personalInfoAgree: true,
    termsOfServiceAgree: true,
  };
  const loginInvalid = /^check your Id or Password$/;

  it.each([
    [
      'POST',
      '/api/v1/auth/login',
      'guest',
      { email: `korea@demo.kshop.example${nul}`, password: 'Demo1234!' },
      loginInvalid,
    ],
    ['POST', '/api/v1/auth/email-duplication', 'guest', { email: `a${nul}@example.com` }, /^email: /],
    ['POST', '/api/v1/mail', 'guest', { email: `a${nul}@example.com` }, /^email: /],
    ['POST', '/api/v1/user/temp-password', 'guest', { email: `a${nul}@example.com` }, /^email: /],
    ['POST', '/api/v1/auth/signup', 'guest', { ...signup, companyName: `Hanbit${nul}` }, /^companyName: /],
    ['POST', '/api/v1/contact', 'guest', { ...contact, content: `Hello${nul}` }, /^content: /],
    [
      'POST',
      '/api/v1/contact',
      'guest',
      { ...contact, representativeName: 'Kim\ud800' },
      /^representativeName: /,
    ],
    [
      'POST',
      '/api/v1/contact',
      'guest',
      {
        ...contact,
        companyName: 'x'.repeat(300_000),
        representativeName: 'x'.repeat(300_000),
        businessRegistrationNumber: 'x'.repeat(300_000),
      },
      /^companyName: must be at most 200 characters$/,
    ],
    [
      'POST',
      '/api/v1/s3/upload',
      'guest',
      { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: `cert${nul}.pdf` }] },
      /^fileInfoList\.0\.fileName: /,
    ],
    [
      'POST',
      '/api/v1/admin/auth/login',
      'guest',
      { email: `fuzz-owner@kshop.example${nul}`, password: 'x' },
      loginInvalid,
    ],
    ['PUT', '/api/v1/admin/categories', 'owner', { id: 30, category: 'Albums\ud800' }, /^category: /],
    [
      'PUT',
      '/api/v1/admin/categories',
      'owner',
      { id: 30, category: 'A', sortOrder: 2_147_483_648 },
      /^sortOrder: /,
    ],
    [
      'PUT',
      '/api/v1/admin/categories',
      'owner',
      { id: 30, category: 'A', parentId: 2_147_483_648 },
      /^parentId: /,
    ],
    [
      'POST',
      '/api/v1/admin/artist-categories',
      'owner',
      { category: 'A', sortOrder: 2_147_483_648 },
      /^sortOrder: /,
    ],
    [
      'POST',
      '/api/v1/admin/products',
      'owner',
      { ...product, options: [{ ...option, stock: 2_147_483_648 }] },
      /^options\.0\.stock: /,
    ],
    [
      'POST',
      '/api/v1/admin/products',
      'owner',
      { ...product, options: [{ ...option, minimumOrderQuantity: 2_147_483_648 }] },
      /^options\.0\.minimumOrderQuantity: /,
    ],
    [
      'POST',
      '/api/v1/admin/products',
      'owner',
      { ...product, options: [{ ...option, priceUsd: 1e21 }] },
      /^options\.0\.priceUsd: /,
    ],
    ['GET', '/api/v1/product/list?categoryId=2147483648', 'guest', undefined, /^categoryId: /],
    [
      'GET',
      '/api/v1/product/list?artistId=2147483648',
      'member',
      undefined,
      /^artistId: must be at most 2147483647$/,
    ],
    ['GET', '/api/v1/artist/list/2147483648', 'guest', undefined, /^categoryId: must be at most 2147483647$/],
  ] as const)(
    '%s %s (%s) is a 400 naming the field, and changes nothing',
    async (method, url, role, payload, message) => {
      for (const actor of ['member', 'owner'] as const)
        if (!(await sessionWorks(actor))) await bringBack(actor);
      await database.writesSinceLastLook();
      const res = await shop.app.inject({
        method,
        url,
        headers: roleHeaders(role),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringMatching(message), data: null });
      expect(await database.writesSinceLastLook()).toEqual(new Map());
    },
  );
});
