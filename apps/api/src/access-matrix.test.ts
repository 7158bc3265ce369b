/**
 * Every route of the OpenAPI document, called by every kind of caller, answers as its classification says,
 * and no answer leaks what its caller may not see: prices to guests, one member's data to another, back-office
 * data to buyers. A route missing from the classification fails the test, so a new route must be classified.
 */
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyers,
  cartItems,
  contactInquiries,
  orderDetails,
  orderMemos,
  orders,
  priceGroups,
  productOptions,
  products,
} from './db/schema.js';
import { hashPassword } from './lib/password.js';
import { hashToken, newToken } from './lib/tokens.js';
import { insertSession as insertBuyerSession } from './modules/auth/auth.repository.js';
import { insertBuyer } from './modules/signup/signup.repository.js';
import * as staffRepo from './modules/staff/staff.repository.js';
import { createStaff } from './modules/staff/staff.service.js';
import { requestCode, signUp, signupForm, uploadCertificate, verifyEmail } from './test/accounts.js';
import { body, createTestShop, DEMO, type TestShop } from './test/app.js';
import { orderPayload, placeOrder, setOptionsAside, stockedOption } from './test/buying.js';
import { STAFF_PASSWORD, staffSession } from './test/staff.js';

const ROLES = ['guest', 'garbage', 'revoked', 'pending', 'memberA', 'memberB', 'staff', 'owner'] as const;
type Role = (typeof ROLES)[number];
type Auth = Record<string, string>;

/**
 * Who may reach a route:
 * - public: anyone; a token changes nothing (sign-up, login, contact, the category tree, staff sign-in);
 * - catalogue: anyone, prices only for approved members; a member awaiting approval is refused (403);
 * - member: a signed-in buyer, approved or pending (profile, addresses, own files);
 * - approved: an approved buyer (cart, orders); pending 403;
 * - staff: any staff member; owner: an OWNER only (STAFF 403).
 * Everyone else gets 401. A route acting on one of member A's objects answers 404 to any other buyer.
 */
type Access = 'public' | 'catalogue' | 'member' | 'approved' | 'staff' | 'owner';

type Cell = {
  role: Role;
  /** Whether this caller is expected to get through: the call then prepares a fresh object to act on. */
  allowed: boolean;
};
type Call = { url: string; payload?: unknown; headers?: Auth };
type Route = {
  access: Access;
  /** The route acts on member A's object: A's own for A, the same object of A's for every other caller. */
  object?: 'order' | 'address' | 'cart line' | 'certificate' | 'saved list';
  /** The call ends the caller's account or session: it runs as a fresh caller of the same role. */
  usesUpCaller?: boolean;
  call: (cell: Cell) => Call | Promise<Call>;
};

const PASSWORD = 'Seoul2026!';
const run = Math.random().toString(36).slice(2, 8);
let shop: TestShop;
let docRoutes: string[];
const roleHeaders = {} as Record<Role, Auth>;
const markers: Record<'memberA' | 'memberB' | 'pending', Set<string>> = {
  memberA: new Set(),
  memberB: new Set(),
  pending: new Set(),
};
let passwordHash: string;
let staffPasswordHash: string;
let ownerHeaders: Auth;
let a: {
  id: string;
  email: string;
  certificateUrl: string;
  address: { uuid: string; text: string };
  cartLine: { uuid: string; quantity: number };
  order: { uuid: string; orderNumber: string };
  /** A saved list of A's, with one line. */
  list: { uuid: string; name: string; optionUuid: string; quantity: number };
};
let fixtures: {
  optionUuid: string;
  keyword: string;
  loginEmail: string;
  tempPasswordEmail: string;
  inquiryId: string;
  productId: string;
  /** The fixture product's one option, which the matrix's product update keeps by its uuid. */
  productOptionUuid: string;
  categoryId: number;
  artistCategoryId: number;
  artistId: number;
  staffTargetId: string;
  importJobId: string;
};

const api = (method: string, url: string, headers: Auth, payload?: unknown) =>
  shop.app.inject({ method: method as 'GET', url, headers, payload: payload as object });

const unique = (() => {
  let n = 0;
  return (label: string) => `${label}-${run}-${++n}`;
})();

/** An account straight in the database, signed in through a session row (no password hashing per cell). */
async function makeBuyer(status: 'PENDING' | 'APPROVED' | 'SUSPENDED') {
  const email = `${unique('buyer')}@company.example`;
  const now = new Date();
  const [row] = await insertBuyer(shop.db, {
    email,
    passwordHash,
    status,
    isKoreanCompany: true,
    companyName: 'Matrix Trading',
    representativeName: 'Lee Matrix',
    businessRegistrationNumber: '1208800000',
    phoneNumber: '+82 10-0000-0000',
    companyAddress: '1 Matrix-ro, Seoul',
    personalInfoAgreedAt: now,
    termsAgreedAt: now,
  });
  const token = newToken();
  await insertBuyerSession(shop.db, row!.id, hashToken(token), new Date(Date.now() + 3_600_000));
  return { id: row!.id, email, headers: { authorization: `Bearer ${token}` } };
}

/** A fresh price group, for a caller who may change or delete one. */
async function priceGroup(): Promise<number> {
  const [row] = await shop.db
    .insert(priceGroups)
    .values({ name: unique('Matrix group') })
    .returning();
  return row!.id;
}

async function makeStaff(role: 'OWNER' | 'STAFF') {
  const created = await createStaff(shop.db, { email: `${unique('staff')}@kshop.example`, role }, null);
  await staffRepo.updateStaff(shop.db, created.id, {
    mustChangePassword: false,
    passwordHash: staffPasswordHash,
    role,
  });
  const token = newToken();
  await staffRepo.insertSession(shop.db, created.id, hashToken(token), new Date(Date.now() + 3_600_000));
  return { id: created.id, headers: { authorization: `Bearer ${token}` } };
}

/** A fresh caller of the same role, for calls that end an account or a session. */
async function freshCaller(role: Role): Promise<Auth> {
  if (role === 'pending') return (await makeBuyer('PENDING')).headers;
  if (role === 'memberA' || role === 'memberB') return (await makeBuyer('APPROVED')).headers;
  if (role === 'staff') return (await makeStaff('STAFF')).headers;
  if (role === 'owner') return (await makeStaff('OWNER')).headers;
  return roleHeaders[role];
}

async function addToCart(headers: Auth) {
  const option = await stockedOption(shop, 100);
  const res = await api('POST', '/api/v1/cart', headers, {
    productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const [line] = await shop.db
    .select({ uuid: cartItems.id, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.productOptionId, option.id));
  return line!;
}

/** A parcel of A's order, shipped once and reused (one of its lines, one piece). */
let parcel: { orderUuid: string; shipmentUuid: string } | undefined;
async function parcelOfA() {
  if (parcel) return parcel;
  const placed = await orderAsA();
  await shop.db.update(orders).set({ status: 'PREPARING' }).where(eq(orders.id, placed.uuid));
  const [line] = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, placed.uuid));
  const res = await api('POST', `/api/v1/admin/orders/${placed.uuid}/shipments`, ownerHeaders, {
    carrier: 'DHL',
    trackingNumber: 'MATRIX-PL',
    lines: [{ orderDetailId: line!.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  parcel = { orderUuid: placed.uuid, shipmentUuid: body(res).data.shipmentUuid as string };
  return parcel;
}

async function orderAsA() {
  const option = await stockedOption(shop, 100);
  const res = await placeOrder(
    shop,
    roleHeaders.memberA as { authorization: string },
    await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  const placed = body(res).data as { uuid: string; orderNumber: string };
  markers.memberA.add(placed.orderNumber);
  return placed;
}

async function addressOfA(text: string) {
  markers.memberA.add(text);
  const res = await api('POST', '/api/v1/user/address', roleHeaders.memberA, { addressDetail: text });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.addressUuid as string;
}

/** A saved list of A's with one line of a stocked option, its name a marker no one else may see. */
async function listOfA(name = unique('A list')) {
  markers.memberA.add(name);
  const option = await stockedOption(shop, 100);
  const res = await api('POST', '/api/v1/lists', roleHeaders.memberA, {
    name,
    lines: [{ productOptionUuid: option.id, quantity: 2 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { uuid: body(res).data.uuid as string, name, optionUuid: option.id, quantity: 2 };
}

async function inquiry() {
  const content = unique('Matrix inquiry');
  const res = await api('POST', '/api/v1/contact', {}, contactForm(content));
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await shop.db
    .select({ id: contactInquiries.id })
    .from(contactInquiries)
    .where(eq(contactInquiries.content, content));
  return row!.id;
}

/** A memo for a staff caller to change or void: a fresh one on A's order each time. */
async function memoOfA() {
  const content = `${unique('Matrix memo')}/1000`;
  const res = await api('POST', `/api/v1/admin/orders/${a.order.orderNumber}/memos`, ownerHeaders, {
    content,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await shop.db
    .select({ id: orderMemos.id })
    .from(orderMemos)
    .where(eq(orderMemos.content, content));
  return row!.id;
}
/** The first line of an order, for the line edits. */
async function firstLineOf(orderId: string) {
  const [row] = await shop.db
    .select({ id: orderDetails.id })
    .from(orderDetails)
    .where(eq(orderDetails.orderId, orderId))
    .limit(1);
  return row!.id;
}
/** Callers refused before any memo is looked up. */
const NO_MEMO = '00000000-0000-4000-8000-00000000a11a';

const contactForm = (content: string) => ({
  email: 'visitor@company.example',
  companyName: 'Visitor Trading',
  representativeName: 'Choi Visitor',
  businessRegistrationNumber: '1208899999',
  phoneNumber: '+82 10-9999-9999',
  content,
  termsOfServiceAgree: true,
});

const productInput = (title: string) => ({
  title,
  vendor: 'Matrix Label',
  categoryId: 9,
  options: [{ optionNameKey1: 'VERSION', optionNameValue1: 'A', priceKrw: 10000, priceUsd: 8, stock: 5 }],
});

/** A product for a cell to edit or delete: its options are never handed out for another cell's order or cart. */
function product() {
  return setOptionsAside(shop, async () => {
    const res = await api(
      'POST',
      '/api/v1/admin/products',
      ownerHeaders,
      productInput(unique('Matrix product')),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = body(res).data.uuid as string;
    return { result: id, optionIds: await optionsOf(id) };
  });
}

async function optionsOf(productId: string) {
  const rows = await shop.db
    .select({ id: productOptions.id })
    .from(productOptions)
    .where(eq(productOptions.productId, productId));
  return rows.map((row) => row.id);
}

let nextCategoryId = 5000;
async function category() {
  const id = nextCategoryId++;
  const res = await api('PUT', '/api/v1/admin/categories', ownerHeaders, { id, category: `Matrix ${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const profileUpdate = {
  companyName: 'Matrix Updated Trading',
  companyAddress: '2 Matrix-ro, Seoul',
  representativeName: 'Lee Matrix',
  phoneNumber: '+82 10-1111-2222',
  businessRegistrationNumber: '1208811111',
  postalCode: '06234',
  marketingAgree: false,
};

/** The classification: every route of the OpenAPI document, with a request that gets an allowed caller through. */
const ROUTES: Record<string, Route> = {
  'GET /media/demo/{name}': { access: 'public', call: () => ({ url: '/media/demo/matrix-poster-1.svg' }) },
  'GET /api/v1/category': { access: 'public', call: () => ({ url: '/api/v1/category' }) },
  'GET /api/v1/artist/category': { access: 'public', call: () => ({ url: '/api/v1/artist/category' }) },
  'GET /api/v1/artist/list/{categoryId}': {
    access: 'public',
    call: () => ({ url: '/api/v1/artist/list/1' }),
  },
  'GET /api/v1/product/list': { access: 'catalogue', call: () => ({ url: '/api/v1/product/list?limit=8' }) },
  'GET /api/v1/product/search': {
    access: 'catalogue',
    call: () => ({ url: `/api/v1/product/search?limit=8&keyword=${encodeURIComponent(fixtures.keyword)}` }),
  },
  'GET /api/v1/product/detail/{optionUuid}': {
    access: 'catalogue',
    call: () => ({ url: `/api/v1/product/detail/${fixtures.optionUuid}` }),
  },
  'GET /api/v1/product/detail/{optionUuid}/notify': {
    access: 'approved',
    call: () => ({ url: `/api/v1/product/detail/${fixtures.optionUuid}/notify` }),
  },
  'POST /api/v1/product/option/{optionUuid}/notify': {
    access: 'approved',
    call: async () => ({ url: `/api/v1/product/option/${(await stockedOption(shop, 0)).id}/notify` }),
  },
  'DELETE /api/v1/product/option/{optionUuid}/notify': {
    access: 'approved',
    call: () => ({ url: `/api/v1/product/option/${fixtures.optionUuid}/notify` }),
  },
  'POST /api/v1/auth/login': {
    access: 'public',
    call: () => ({ url: '/api/v1/auth/login', payload: { email: fixtures.loginEmail, password: PASSWORD } }),
  },
  'POST /api/v1/auth/email-duplication': {
    access: 'public',
    call: () => ({
      url: '/api/v1/auth/email-duplication',
      payload: { email: `${unique('free')}@company.example` },
    }),
  },
  'POST /api/v1/mail': {
    access: 'public',
    call: () => ({ url: '/api/v1/mail', payload: { email: `${unique('code')}@company.example` } }),
  },
  'POST /api/v1/auth/email-verification': {
    access: 'public',
    call: async () => {
      const email = `${unique('verify')}@company.example`;
      return {
        url: '/api/v1/auth/email-verification',
        payload: { email, code: await requestCode(shop, email) },
      };
    },
  },
  'POST /api/v1/auth/signup': {
    access: 'public',
    call: async () => {
      const email = `${unique('signup')}@company.example`;
      await verifyEmail(shop, email);
      const { fileUrl } = await uploadCertificate(shop);
      return { url: '/api/v1/auth/signup', payload: signupForm(email, fileUrl) };
    },
  },
  // Ends the session of whatever token comes with it, and answers 200 without one too.
  'POST /api/v1/auth/logout': {
    access: 'public',
    usesUpCaller: true,
    call: () => ({ url: '/api/v1/auth/logout' }),
  },
  'GET /api/v1/user': { access: 'member', call: () => ({ url: '/api/v1/user' }) },
  'PATCH /api/v1/user': { access: 'member', call: () => ({ url: '/api/v1/user', payload: profileUpdate }) },
  'DELETE /api/v1/user': { access: 'member', usesUpCaller: true, call: () => ({ url: '/api/v1/user' }) },
  'GET /api/v1/user/language': { access: 'member', call: () => ({ url: '/api/v1/user/language' }) },
  'PUT /api/v1/user/language': {
    access: 'member',
    call: () => ({ url: '/api/v1/user/language', payload: { language: 'ko' } }),
  },
  'GET /api/v1/user/backorder-choice': {
    access: 'member',
    call: () => ({ url: '/api/v1/user/backorder-choice' }),
  },
  'PUT /api/v1/user/backorder-choice': {
    access: 'member',
    call: () => ({ url: '/api/v1/user/backorder-choice', payload: { choice: 'KEEP' } }),
  },
  'PATCH /api/v1/user/password': {
    access: 'member',
    usesUpCaller: true,
    call: () => ({ url: '/api/v1/user/password', payload: { password: PASSWORD } }),
  },
  'POST /api/v1/user/temp-password': {
    access: 'public',
    call: () => ({ url: '/api/v1/user/temp-password', payload: { email: fixtures.tempPasswordEmail } }),
  },
  'POST /api/v1/user/address': {
    access: 'member',
    call: ({ role }) => ({
      url: '/api/v1/user/address',
      // memberB is a Global company, whose addresses name their country.
      payload: { addressDetail: unique(`${role} street`), country: 'US' },
    }),
  },
  'PATCH /api/v1/user/address/{addressUuid}': {
    access: 'member',
    object: 'address',
    call: ({ role }) => ({
      url: `/api/v1/user/address/${a.address.uuid}`,
      payload: { addressDetail: role === 'memberA' ? a.address.text : `Overwritten by ${role}` },
    }),
  },
  'DELETE /api/v1/user/address/{addressUuid}': {
    access: 'member',
    object: 'address',
    call: async ({ role }) => ({
      url: `/api/v1/user/address/${role === 'memberA' ? await addressOfA(unique('A spare street')) : a.address.uuid}`,
    }),
  },
  'POST /api/v1/s3/upload': {
    access: 'public',
    call: () => ({
      url: '/api/v1/s3/upload',
      payload: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'certificate.pdf' }] },
    }),
  },
  'POST /api/v1/s3/download': {
    access: 'member',
    object: 'certificate',
    call: () => ({ url: '/api/v1/s3/download', payload: { imageUrl: a.certificateUrl } }),
  },
  'POST /api/v1/contact': {
    access: 'public',
    call: () => ({ url: '/api/v1/contact', payload: contactForm(unique('Question')) }),
  },
  'GET /api/v1/cart': { access: 'approved', call: () => ({ url: '/api/v1/cart' }) },
  'POST /api/v1/cart': {
    access: 'approved',
    call: async ({ allowed }) => ({
      url: '/api/v1/cart',
      payload: {
        productOptionAndQuantityList: [
          {
            productOptionUuid: allowed ? (await stockedOption(shop, 100)).id : fixtures.optionUuid,
            quantity: 1,
          },
        ],
      },
    }),
  },
  'POST /api/v1/quick-order/check': {
    access: 'approved',
    call: () => ({
      url: '/api/v1/quick-order/check',
      payload: { lines: [{ code: 'KS000001', quantity: 1 }] },
    }),
  },
  'POST /api/v1/quick-order/add': {
    access: 'approved',
    call: async ({ allowed }) => ({
      url: '/api/v1/quick-order/add',
      payload: {
        lines: [{ code: allowed ? (await stockedOption(shop, 100)).sku : 'KS000001', quantity: 1 }],
      },
    }),
  },
  'POST /api/v1/quick-order/file': {
    access: 'approved',
    call: () => ({
      url: '/api/v1/quick-order/file',
      headers: { 'content-type': 'text/csv' },
      payload: 'sku,quantity\nKS000001,1\n',
    }),
  },
  'GET /api/v1/lists': { access: 'approved', call: () => ({ url: '/api/v1/lists' }) },
  'POST /api/v1/lists': {
    access: 'approved',
    call: ({ role }) => ({ url: '/api/v1/lists', payload: { name: unique(`${role} list`) } }),
  },
  'GET /api/v1/lists/{listUuid}': {
    access: 'approved',
    object: 'saved list',
    call: () => ({ url: `/api/v1/lists/${a.list.uuid}` }),
  },
  'PATCH /api/v1/lists/{listUuid}': {
    access: 'approved',
    object: 'saved list',
    call: ({ role }) => ({
      url: `/api/v1/lists/${a.list.uuid}`,
      payload: { name: role === 'memberA' ? a.list.name : `Overwritten by ${role}` },
    }),
  },
  'DELETE /api/v1/lists/{listUuid}': {
    access: 'approved',
    object: 'saved list',
    call: async ({ role }) => ({
      url: `/api/v1/lists/${role === 'memberA' ? (await listOfA()).uuid : a.list.uuid}`,
    }),
  },
  'POST /api/v1/lists/{listUuid}/lines': {
    access: 'approved',
    object: 'saved list',
    call: async ({ role }) => ({
      url: `/api/v1/lists/${role === 'memberA' ? (await listOfA()).uuid : a.list.uuid}/lines`,
      payload: { lines: [{ productOptionUuid: a.list.optionUuid, quantity: 50 }] },
    }),
  },
  'PUT /api/v1/lists/{listUuid}/lines/{productOptionUuid}': {
    access: 'approved',
    object: 'saved list',
    call: ({ role }) => ({
      url: `/api/v1/lists/${a.list.uuid}/lines/${a.list.optionUuid}`,
      payload: { quantity: role === 'memberA' ? a.list.quantity : 99 },
    }),
  },
  'DELETE /api/v1/lists/{listUuid}/lines/{productOptionUuid}': {
    access: 'approved',
    object: 'saved list',
    call: async ({ role }) => {
      const list = role === 'memberA' ? await listOfA() : a.list;
      return { url: `/api/v1/lists/${list.uuid}/lines/${list.optionUuid}` };
    },
  },
  'POST /api/v1/lists/{listUuid}/cart': {
    access: 'approved',
    object: 'saved list',
    call: async ({ role }) => ({
      url: `/api/v1/lists/${role === 'memberA' ? (await listOfA()).uuid : a.list.uuid}/cart`,
    }),
  },
  'POST /api/v1/cart/reorder': {
    access: 'approved',
    object: 'order',
    call: () => ({ url: '/api/v1/cart/reorder', payload: { orderUuid: a.order.uuid } }),
  },
  'PATCH /api/v1/cart': {
    access: 'approved',
    object: 'cart line',
    call: ({ role }) => ({
      url: '/api/v1/cart',
      payload: { cartUuid: a.cartLine.uuid, quantity: role === 'memberA' ? a.cartLine.quantity : 3 },
    }),
  },
  'DELETE /api/v1/cart': {
    access: 'approved',
    object: 'cart line',
    call: async ({ role }) => ({
      url: '/api/v1/cart',
      payload: {
        cartUuid: role === 'memberA' ? (await addToCart(roleHeaders.memberA)).uuid : a.cartLine.uuid,
      },
    }),
  },
  'POST /api/v1/order': {
    access: 'approved',
    call: async ({ role, allowed }) => {
      const option = allowed ? (await stockedOption(shop, 100)).id : fixtures.optionUuid;
      const currency = role === 'memberB' ? 'USD' : 'KRW';
      return {
        url: '/api/v1/order',
        payload: await orderPayload(shop, currency, [{ productOptionUuid: option, quantity: 1 }]),
      };
    },
  },
  'GET /api/v1/order/list': { access: 'approved', call: () => ({ url: '/api/v1/order/list?limit=20' }) },
  'GET /api/v1/order/detail/{uuid}': {
    access: 'approved',
    object: 'order',
    call: () => ({ url: `/api/v1/order/detail/${a.order.uuid}` }),
  },
  'GET /api/v1/order/detail/{uuid}/invoice.pdf': {
    access: 'approved',
    object: 'order',
    call: () => ({ url: `/api/v1/order/detail/${a.order.uuid}/invoice.pdf` }),
  },

  'POST /api/v1/admin/auth/login': {
    access: 'public',
    call: () => ({
      url: '/api/v1/admin/auth/login',
      payload: { email: 'clerk@kshop.example', password: STAFF_PASSWORD },
    }),
  },
  'GET /api/v1/admin/me': { access: 'staff', call: () => ({ url: '/api/v1/admin/me' }) },
  'PUT /api/v1/admin/me/language': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/me/language', payload: { language: 'en' } }),
  },
  'POST /api/v1/admin/auth/password': {
    access: 'staff',
    usesUpCaller: true,
    call: () => ({
      url: '/api/v1/admin/auth/password',
      payload: { currentPassword: STAFF_PASSWORD, password: STAFF_PASSWORD },
    }),
  },
  // Ends the staff session of whatever token comes with it, and answers 200 without one too.
  'POST /api/v1/admin/auth/logout': {
    access: 'public',
    usesUpCaller: true,
    call: () => ({ url: '/api/v1/admin/auth/logout' }),
  },
  'GET /api/v1/admin/staff': { access: 'owner', call: () => ({ url: '/api/v1/admin/staff' }) },
  'POST /api/v1/admin/staff': {
    access: 'owner',
    call: () => ({ url: '/api/v1/admin/staff', payload: { email: `${unique('clerk')}@kshop.example` } }),
  },
  'PATCH /api/v1/admin/staff/{id}': {
    access: 'owner',
    call: () => ({ url: `/api/v1/admin/staff/${fixtures.staffTargetId}`, payload: { role: 'STAFF' } }),
  },
  'POST /api/v1/admin/staff/{id}/password': {
    access: 'owner',
    call: () => ({ url: `/api/v1/admin/staff/${fixtures.staffTargetId}/password` }),
  },
  'GET /api/v1/admin/audit': { access: 'owner', call: () => ({ url: '/api/v1/admin/audit' }) },
  'GET /api/v1/admin/dashboard': { access: 'staff', call: () => ({ url: '/api/v1/admin/dashboard' }) },
  'GET /api/v1/admin/buyers': { access: 'staff', call: () => ({ url: '/api/v1/admin/buyers' }) },
  'GET /api/v1/admin/buyers/{id}': { access: 'staff', call: () => ({ url: `/api/v1/admin/buyers/${a.id}` }) },
  ...Object.fromEntries(
    (
      [
        ['approve', 'PENDING'],
        ['reject', 'PENDING'],
        ['suspend', 'APPROVED'],
        ['reinstate', 'SUSPENDED'],
      ] as const
    ).map(([decision, from]) => [
      `POST /api/v1/admin/buyers/{id}/${decision}`,
      {
        access: 'staff',
        call: async ({ allowed }: Cell) => ({
          url: `/api/v1/admin/buyers/${allowed ? (await makeBuyer(from)).id : a.id}/${decision}`,
          payload: { reason: 'Checked by the matrix.' },
        }),
      } satisfies Route,
    ]),
  ),
  'GET /api/v1/admin/orders': { access: 'staff', call: () => ({ url: '/api/v1/admin/orders' }) },
  'POST /api/v1/admin/orders': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: '/api/v1/admin/orders',
      payload: {
        buyerId: a.id,
        lines: [
          {
            productOptionId: allowed ? (await stockedOption(shop, 100)).id : fixtures.optionUuid,
            quantity: 1,
          },
        ],
        receiverInfo: {
          companyEmail: 'orders@matrix.example',
          receiverName: 'Matrix Receiver',
          phoneNumber: '+82 10-0000-0000',
          addressDetail: '1 Matrix-ro, Seoul',
        },
      },
    }),
  },
  'GET /api/v1/admin/buyers/{id}/order-options': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/buyers/${a.id}/order-options?q=a` }),
  },
  'GET /api/v1/admin/orders/{orderNumber}': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/orders/${a.order.orderNumber}` }),
  },
  'PUT /api/v1/admin/orders/{orderNumber}/backorder-choice': {
    access: 'staff',
    call: () => ({
      url: `/api/v1/admin/orders/${a.order.orderNumber}/backorder-choice`,
      payload: { choice: 'KEEP' },
    }),
  },
  'GET /api/v1/admin/orders/{uuid}/invoice.pdf': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/orders/${a.order.uuid}/invoice.pdf` }),
  },
  'GET /api/v1/admin/orders/{uuid}/packing-list.pdf': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/orders/${a.order.uuid}/packing-list.pdf` }),
  },
  'POST /api/v1/admin/orders/{orderNumber}/status': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/orders/${allowed ? (await orderAsA()).orderNumber : a.order.orderNumber}/status`,
      payload: { status: 'CANCELLED', reason: 'Checked by the matrix.' },
    }),
  },
  'POST /api/v1/admin/orders/status': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: '/api/v1/admin/orders/status',
      payload: {
        orderIds: [allowed ? (await orderAsA()).uuid : a.order.uuid],
        to: 'CANCELLED',
        note: 'Checked by the matrix.',
      },
    }),
  },
  'GET /api/v1/admin/sales/series': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/sales/series?from=2026-01-01&to=2026-12-31&interval=week' }),
  },
  'GET /api/v1/admin/sales/top': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/sales/top?from=2026-01-01&to=2026-12-31&by=buyer' }),
  },
  'GET /api/v1/admin/sales/report': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/sales/report?from=2026-01-01&to=2026-12-31&by=product' }),
  },
  'GET /api/v1/admin/sales/report.csv': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/sales/report.csv?from=2026-01-01&to=2026-12-31&by=category' }),
  },
  'POST /api/v1/admin/orders/{uuid}/shipments': {
    access: 'staff',
    call: async ({ allowed }) => {
      // A fresh order of A's, made ready to ship, for a caller who gets through; A's own for the others.
      const placed = allowed ? await orderAsA() : a.order;
      if (allowed)
        await shop.db.update(orders).set({ status: 'PREPARING' }).where(eq(orders.id, placed.uuid));
      const [line] = await shop.db.select().from(orderDetails).where(eq(orderDetails.orderId, placed.uuid));
      return {
        url: `/api/v1/admin/orders/${placed.uuid}/shipments`,
        payload: {
          carrier: 'DHL',
          trackingNumber: 'MATRIX-1',
          lines: [{ orderDetailId: line!.id, quantity: 1 }],
        },
      };
    },
  },
  'GET /api/v1/admin/orders/{uuid}/shipments/{shipmentUuid}/packing-list.pdf': {
    access: 'staff',
    call: async () => {
      const { orderUuid, shipmentUuid } = await parcelOfA();
      return { url: `/api/v1/admin/orders/${orderUuid}/shipments/${shipmentUuid}/packing-list.pdf` };
    },
  },
  'POST /api/v1/admin/orders/{orderNumber}/memos': {
    access: 'staff',
    call: () => ({
      url: `/api/v1/admin/orders/${a.order.orderNumber}/memos`,
      payload: { content: 'Shipping fee/15000' },
    }),
  },
  'PATCH /api/v1/admin/orders/{orderNumber}/memos/{memoUuid}': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/orders/${a.order.orderNumber}/memos/${allowed ? await memoOfA() : NO_MEMO}`,
      payload: { content: 'Shipping fee/12000' },
    }),
  },
  'POST /api/v1/admin/orders/{orderNumber}/memos/{memoUuid}/void': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/orders/${a.order.orderNumber}/memos/${allowed ? await memoOfA() : NO_MEMO}/void`,
    }),
  },
  'POST /api/v1/admin/orders/{orderNumber}/person-in-charge': {
    access: 'staff',
    call: () => ({
      url: `/api/v1/admin/orders/${a.order.orderNumber}/person-in-charge`,
      payload: { staffId: null },
    }),
  },
  'POST /api/v1/admin/orders/{uuid}/lines': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/orders/${allowed ? (await orderAsA()).uuid : a.order.uuid}/lines`,
      payload: { productOptionId: (await stockedOption(shop, 100)).id, quantity: 1 },
    }),
  },
  'PATCH /api/v1/admin/orders/{uuid}/lines/{lineUuid}': {
    access: 'staff',
    call: async ({ allowed }) => {
      const order = allowed ? await orderAsA() : a.order;
      return {
        url: `/api/v1/admin/orders/${order.uuid}/lines/${await firstLineOf(order.uuid)}`,
        payload: { quantity: 2 },
      };
    },
  },
  'DELETE /api/v1/admin/orders/{uuid}/lines/{lineUuid}': {
    access: 'staff',
    call: async ({ allowed }) => {
      if (!allowed)
        return { url: `/api/v1/admin/orders/${a.order.uuid}/lines/${await firstLineOf(a.order.uuid)}` };
      // A line may go only while another stays.
      const order = await orderAsA();
      const line = await firstLineOf(order.uuid);
      const added = await api('POST', `/api/v1/admin/orders/${order.uuid}/lines`, ownerHeaders, {
        productOptionId: (await stockedOption(shop, 100)).id,
        quantity: 1,
      });
      expect(added.statusCode, added.body).toBe(200);
      return { url: `/api/v1/admin/orders/${order.uuid}/lines/${line}` };
    },
  },
  'GET /api/v1/admin/inquiries': { access: 'staff', call: () => ({ url: '/api/v1/admin/inquiries' }) },
  'GET /api/v1/admin/inquiries/{id}': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/inquiries/${fixtures.inquiryId}` }),
  },
  'POST /api/v1/admin/inquiries/{id}/answer': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/inquiries/${allowed ? await inquiry() : fixtures.inquiryId}/answer`,
      payload: { note: 'Answered by phone.' },
    }),
  },
  'GET /api/v1/admin/products': { access: 'staff', call: () => ({ url: '/api/v1/admin/products' }) },
  'POST /api/v1/admin/products': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/products', payload: productInput(unique('Matrix new product')) }),
  },
  'GET /api/v1/admin/products/{id}': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/products/${fixtures.productId}` }),
  },
  'GET /api/v1/admin/products/{id}/stock-alerts': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/products/${fixtures.productId}/stock-alerts` }),
  },
  'GET /api/v1/admin/products/{productUuid}/demand': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/products/${fixtures.productId}/demand` }),
  },
  'GET /api/v1/admin/products/{productUuid}/release-week': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/products/${fixtures.productId}/release-week` }),
  },
  // Price groups (decision 0021): a caller who gets through acts on a fresh group of its own.
  'GET /api/v1/admin/price-groups': { access: 'staff', call: () => ({ url: '/api/v1/admin/price-groups' }) },
  'POST /api/v1/admin/price-groups': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/price-groups',
      payload: { name: unique('Matrix group'), discountPercent: 5 },
    }),
  },
  'PATCH /api/v1/admin/price-groups/{id}': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/price-groups/${allowed ? await priceGroup() : 1}`,
      payload: { discountPercent: 7 },
    }),
  },
  'DELETE /api/v1/admin/price-groups/{id}': {
    access: 'staff',
    call: async ({ allowed }) => ({ url: `/api/v1/admin/price-groups/${allowed ? await priceGroup() : 1}` }),
  },
  'GET /api/v1/admin/price-groups/{id}/prices': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/price-groups/1/prices' }),
  },
  'PUT /api/v1/admin/price-groups/{id}/prices/{optionId}': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/price-groups/${allowed ? await priceGroup() : 1}/prices/${fixtures.optionUuid}`,
      payload: { priceKrw: 1000, priceUsd: null },
    }),
  },
  'GET /api/v1/admin/product-options/by-sku/{sku}': {
    access: 'staff',
    call: async () => {
      const [option] = await shop.db
        .select({ sku: productOptions.sku })
        .from(productOptions)
        .where(eq(productOptions.id, fixtures.optionUuid));
      return { url: `/api/v1/admin/product-options/by-sku/${option!.sku}` };
    },
  },
  // Allocation (issue 34): the fixture option is not on pre-order, so a caller who gets through is told so.
  'GET /api/v1/admin/product-options/{optionId}/allocation': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/product-options/${fixtures.optionUuid}/allocation` }),
  },
  'POST /api/v1/admin/product-options/{optionId}/allocation': {
    access: 'staff',
    call: async ({ allowed }) => {
      if (!allowed)
        return {
          url: `/api/v1/admin/product-options/${fixtures.optionUuid}/allocation`,
          payload: { rule: 'PRO_RATA', basis: 'matrix' },
        };
      // A caller who gets through commits a real allocation: a pre-order waiting for goods that are on hand.
      const option = await stockedOption(shop, 3);
      await shop.db.update(products).set({ preorder: true }).where(eq(products.id, option.productId));
      const line = [{ productOptionUuid: option.id, quantity: 2 }];
      await placeOrder(
        shop,
        roleHeaders.memberA as { authorization: string },
        await orderPayload(shop, 'KRW', line),
      );
      const url = `/api/v1/admin/product-options/${option.id}/allocation`;
      const basis = body(await api('GET', url, ownerHeaders)).data.basis;
      return { url, payload: { rule: 'PRO_RATA', basis } };
    },
  },
  'POST /api/v1/admin/product-options/{optionId}/receipts': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/product-options/${allowed ? (await stockedOption(shop, 10)).id : fixtures.optionUuid}/receipts`,
      payload: { quantity: 1 },
    }),
  },
  'GET /api/v1/admin/product-options/{optionId}/volume-tiers': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/product-options/${fixtures.optionUuid}/volume-tiers` }),
  },
  'PUT /api/v1/admin/product-options/{optionId}/volume-tiers': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/product-options/${allowed ? (await stockedOption(shop, 10)).id : fixtures.optionUuid}/volume-tiers`,
      payload: { volumeTiers: [{ minQuantity: 1000, discountPercent: 1 }] },
    }),
  },
  'PUT /api/v1/admin/buyers/{id}/price-group': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/buyers/${a.id}/price-group`, payload: { priceGroupId: 1 } }),
  },
  'PUT /api/v1/admin/products/{id}': {
    access: 'staff',
    // The update keeps the option by its uuid: another cell's order may hold it (stockedOption can pick any
    // option), and an option held by open orders cannot be removed.
    call: () => {
      const input = productInput('Matrix kept product');
      return {
        url: `/api/v1/admin/products/${fixtures.productId}`,
        payload: {
          ...input,
          options: input.options.map((o) => ({ ...o, uuid: fixtures.productOptionUuid, stock: 500 })),
        },
      };
    },
  },
  'DELETE /api/v1/admin/products/{id}': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/products/${allowed ? await product() : fixtures.productId}`,
    }),
  },
  'POST /api/v1/admin/uploads': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/uploads', payload: { fileNames: ['cover.png'] } }),
  },
  'GET /api/v1/admin/categories': { access: 'staff', call: () => ({ url: '/api/v1/admin/categories' }) },
  'PUT /api/v1/admin/categories': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/categories',
      payload: { id: fixtures.categoryId, category: 'Matrix' },
    }),
  },
  'DELETE /api/v1/admin/categories/{id}': {
    access: 'staff',
    call: async ({ allowed }) => ({
      url: `/api/v1/admin/categories/${allowed ? await category() : fixtures.categoryId}`,
    }),
  },
  'POST /api/v1/admin/artist-categories': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/artist-categories', payload: { category: unique('Matrix artists') } }),
  },
  'PUT /api/v1/admin/artist-categories/{id}': {
    access: 'staff',
    call: () => ({
      url: `/api/v1/admin/artist-categories/${fixtures.artistCategoryId}`,
      payload: { category: 'Matrix artists' },
    }),
  },
  'POST /api/v1/admin/artists': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/artists',
      payload: {
        artistCategoryId: fixtures.artistCategoryId,
        artistNameEN: unique('MATRIX'),
        // Korean names are unique too (migration 0016).
        artistNameKO: unique('매트릭스'),
      },
    }),
  },
  'PUT /api/v1/admin/artists/{id}': {
    access: 'staff',
    call: () => ({
      url: `/api/v1/admin/artists/${fixtures.artistId}`,
      payload: {
        artistCategoryId: fixtures.artistCategoryId,
        artistNameEN: 'MATRIX',
        artistNameKO: '매트릭스',
      },
    }),
  },
  'GET /api/v1/admin/artists': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/artists?q=MATRIX' }),
  },
  'DELETE /api/v1/admin/artists/{id}': {
    access: 'staff',
    call: async ({ allowed }) => {
      if (!allowed) return { url: `/api/v1/admin/artists/${fixtures.artistId}` };
      const res = await api('POST', '/api/v1/admin/artists', ownerHeaders, {
        artistCategoryId: fixtures.artistCategoryId,
        artistNameEN: unique('MATRIX GONE'),
        artistNameKO: unique('사라짐'),
      });
      return { url: `/api/v1/admin/artists/${body(res).data.id}` };
    },
  },
  'POST /api/v1/admin/products/bulk/preview': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/products/bulk/preview',
      payload: { productIds: [fixtures.productId], action: 'clearTags' },
    }),
  },
  'POST /api/v1/admin/products/bulk': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/products/bulk',
      payload: { productIds: [fixtures.productId], action: 'clearTags' },
    }),
  },
  'GET /api/v1/admin/products/stock-levels': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/products/stock-levels' }),
  },
  'GET /api/v1/admin/catalogue.csv': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/catalogue.csv' }),
  },
  'GET /api/v1/admin/catalogue.xlsx': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/catalogue.xlsx' }),
  },
  'POST /api/v1/admin/catalogue/import/preview': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/catalogue/import/preview',
      headers: { 'content-type': 'text/csv' },
      payload: [
        'product_uuid,title,vendor,category_id,tags,release_date,artist_ids,option_uuid,option_key1,option_value1,option_key2,option_value2,price_krw,price_usd,compared_price_krw,compared_price_usd,stock,minimum_order_quantity,sold_out,is_default',
        `,${unique('Matrix previewed')},Matrix Label,9,,,,,VERSION,A,,,10000,8,,,5,1,false,true`,
      ].join('\n'),
    }),
  },
  'GET /api/v1/admin/orders.csv': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/orders.csv?status=PENDING' }),
  },
  'GET /api/v1/admin/orders.xlsx': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/orders.xlsx?status=PENDING' }),
  },
  'GET /api/v1/admin/order-lines.csv': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/order-lines.csv?status=PENDING' }),
  },
  'GET /api/v1/admin/order-lines.xlsx': {
    access: 'staff',
    call: () => ({ url: '/api/v1/admin/order-lines.xlsx?status=PENDING' }),
  },
  'POST /api/v1/admin/catalogue/import': {
    access: 'staff',
    call: () => ({
      url: '/api/v1/admin/catalogue/import',
      headers: { 'content-type': 'text/csv' },
      payload: [
        'product_uuid,title,vendor,category_id,tags,release_date,artist_ids,option_uuid,option_key1,option_value1,option_key2,option_value2,price_krw,price_usd,compared_price_krw,compared_price_usd,stock,minimum_order_quantity,sold_out,is_default',
        `,${unique('Matrix imported')},Matrix Label,9,,,,,VERSION,A,,,10000,8,,,5,1,false,true`,
      ].join('\n'),
    }),
  },
  'GET /api/v1/admin/catalogue/imports/{id}': {
    access: 'staff',
    call: () => ({ url: `/api/v1/admin/catalogue/imports/${fixtures.importJobId}` }),
  },
};

/** A catalogue import started by the owner: its job is what the import's progress route shows. */
async function importJob(): Promise<string> {
  const res = await api(
    'POST',
    '/api/v1/admin/catalogue/import',
    { ...ownerHeaders, 'content-type': 'text/csv' },
    [
      'product_uuid,title,vendor,category_id,tags,release_date,artist_ids,option_uuid,option_key1,option_value1,option_key2,option_value2,price_krw,price_usd,compared_price_krw,compared_price_usd,stock,minimum_order_quantity,sold_out,is_default',
      `,${unique('Matrix job')},Matrix Label,9,,,,,VERSION,A,,,10000,8,,,5,1,false,true`,
    ].join('\n'),
  );
  if (res.statusCode !== 202) throw new Error(`import did not start: ${res.statusCode} ${res.body}`);
  return body(res).data.jobId as string;
}

/** The answer a caller should get: a status, or 'allowed' (2xx) when the route is open to it. */
function expectedAnswer(route: Route, role: Role): number | 'allowed' {
  const buyer = role === 'pending' || role === 'memberA' || role === 'memberB';
  const foreign = route.object !== undefined && role !== 'memberA';
  switch (route.access) {
    case 'public':
      return 'allowed';
    case 'catalogue':
      return role === 'pending' ? 403 : 'allowed';
    case 'member':
      return !buyer ? 401 : foreign ? 404 : 'allowed';
    case 'approved':
      return !buyer ? 401 : role === 'pending' ? 403 : foreign ? 404 : 'allowed';
    case 'staff':
      return role === 'staff' || role === 'owner' ? 'allowed' : 401;
    case 'owner':
      return role === 'owner' ? 'allowed' : role === 'staff' ? 403 : 401;
  }
}

/** Keys naming money (price, amount) that carry a value, with their path in the answer. */
function pricesIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => pricesIn(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    /price|amount/i.test(key) && inner !== null && typeof inner !== 'object'
      ? [`${path}.${key}`]
      : pricesIn(inner, `${path}.${key}`),
  );
}

const jsonOf = (res: LightMyRequestResponse): unknown => {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return undefined;
  return res.json();
};

/** What is wrong with one answer, if anything. */
function problemsOf(routeKey: string, route: Route, role: Role, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const expected = expectedAnswer(route, role);
  const status = res.statusCode;
  const ok = expected === 'allowed' ? status >= 200 && status < 300 : status === expected;
  if (!ok) problems.push(`expected ${expected}, got ${status}: ${res.body.slice(0, 200)}`);
  const json = jsonOf(res) as { data?: unknown } | undefined;
  if (expected !== 'allowed' && json?.data !== null) problems.push('a refusal carries data');
  const admin = routeKey.includes(' /api/v1/admin/');
  const anonymous = role === 'guest' || role === 'garbage' || role === 'revoked';
  if ((anonymous || ((role === 'staff' || role === 'owner') && !admin)) && json !== undefined) {
    const prices = pricesIn(json);
    if (prices.length)
      problems.push(`prices reach a caller without a buyer account: ${prices.slice(0, 3).join(', ')}`);
  }
  // The other side of the rule, so that it cannot hold merely because nothing is priced.
  if (route.access === 'catalogue' && (role === 'memberA' || role === 'memberB') && !pricesIn(json).length)
    problems.push('an approved member sees no prices');
  // Staff read buyers' data in the back office; anywhere else nobody reads another buyer's.
  if (admin && (role === 'staff' || role === 'owner')) return problems;
  const text = res.body.toLowerCase();
  for (const [owner, own] of Object.entries(markers)) {
    if (owner === role) continue;
    for (const marker of own) {
      if (text.includes(marker.toLowerCase())) problems.push(`${role} sees ${owner}'s ${marker}`);
    }
  }
  return problems;
}

beforeAll(async () => {
  shop = await createTestShop();
  passwordHash = await hashPassword(PASSWORD);
  staffPasswordHash = await hashPassword(STAFF_PASSWORD);
  const doc = shop.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  docRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

  ownerHeaders = await staffSession(shop, 'owner@kshop.example', 'OWNER');
  roleHeaders.owner = ownerHeaders;
  roleHeaders.staff = await staffSession(shop, 'clerk@kshop.example', 'STAFF');
  roleHeaders.guest = {};
  roleHeaders.garbage = { authorization: `Bearer ${newToken()}` };

  // Member A: signed up with a certificate and approved by the shop.
  const signedUp = await signUp(shop, `member-a-${run}@company.example`);
  const [row] = await shop.db.select({ id: buyers.id }).from(buyers).where(eq(buyers.email, signedUp.email));
  const approved = await api('POST', `/api/v1/admin/buyers/${row!.id}/approve`, ownerHeaders, { reason: '' });
  expect(approved.statusCode, approved.body).toBe(200);
  roleHeaders.memberA = await shop.loginAs(signedUp.email, signedUp.password);
  roleHeaders.memberB = await shop.loginAs(DEMO.global);
  roleHeaders.pending = await shop.loginAs(DEMO.pending);
  markers.memberA.add(signedUp.email);
  markers.memberB.add(DEMO.global);
  markers.pending.add(DEMO.pending);

  // A member's token after the member logged out.
  const revoked = await shop.loginAs(DEMO.korea);
  expect((await api('POST', '/api/v1/auth/logout', revoked)).statusCode).toBe(200);
  roleHeaders.revoked = revoked;

  const addressText = unique('A anchor street');
  a = {
    id: row!.id,
    email: signedUp.email,
    certificateUrl: signedUp.fileUrl,
    address: { uuid: '', text: addressText },
    cartLine: { uuid: '', quantity: 1 },
    order: { uuid: '', orderNumber: '' },
    list: { uuid: '', name: '', optionUuid: '', quantity: 0 },
  };
  a.address.uuid = await addressOfA(addressText);
  a.order = await orderAsA();
  a.cartLine = await addToCart(roleHeaders.memberA);
  a.list = await listOfA();

  const [option] = await shop.db
    .select({ id: productOptions.id })
    .from(productOptions)
    .orderBy(desc(productOptions.priceKrw))
    .limit(1);
  const list = body(await api('GET', '/api/v1/product/list?limit=1', {})).data.productOptionList;
  const artistCategory = await api('POST', '/api/v1/admin/artist-categories', ownerHeaders, {
    category: 'Matrix artists',
  });
  const artistCategoryId = body(artistCategory).data.id as number;
  const artist = await api('POST', '/api/v1/admin/artists', ownerHeaders, {
    artistCategoryId,
    artistNameEN: 'MATRIX',
    artistNameKO: '매트릭스',
  });
  const productId = await product();
  fixtures = {
    optionUuid: option!.id,
    keyword: (list[0].title as string).split(/\s+/)[0]!,
    loginEmail: (await makeBuyer('APPROVED')).email,
    tempPasswordEmail: (await makeBuyer('APPROVED')).email,
    inquiryId: await inquiry(),
    productId,
    productOptionUuid: (await optionsOf(productId))[0]!,
    categoryId: await category(),
    artistCategoryId,
    artistId: body(artist).data.id as number,
    staffTargetId: (await makeStaff('STAFF')).id,
    importJobId: await importJob(),
  };
}, 60_000);
afterAll(() => shop?.close());

describe('access matrix', () => {
  it('classifies every route of the OpenAPI document, and only those', () => {
    expect(docRoutes.length).toBeGreaterThan(60);
    expect(docRoutes.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !docRoutes.includes(route))).toEqual([]);
  });

  it('answers every caller of every route as classified, and leaks nothing', async () => {
    const problems: string[] = [];
    let cells = 0;
    for (const routeKey of docRoutes) {
      const route = ROUTES[routeKey];
      if (!route) continue;
      const method = routeKey.split(' ')[0]!;
      for (const role of ROLES) {
        const allowed = expectedAnswer(route, role) === 'allowed';
        const headers = route.usesUpCaller && allowed ? await freshCaller(role) : roleHeaders[role];
        const call = await route.call({ role, allowed });
        const res = await api(method, call.url, { ...headers, ...call.headers }, call.payload);
        cells++;
        for (const problem of problemsOf(routeKey, route, role, res))
          problems.push(`${routeKey} as ${role}: ${problem}`);
      }
    }
    process.stdout.write(
      `access matrix: ${cells} cells (${docRoutes.length} routes x ${ROLES.length} callers)\n`,
    );
    expect(cells).toBe(docRoutes.length * ROLES.length);
    expect(problems).toEqual([]);
  }, 120_000);

  it("leaves member A's objects as they were after everyone else tried them", async () => {
    const profile = body(await api('GET', '/api/v1/user', roleHeaders.memberA)).data;
    expect(profile.email).toBe(a.email);
    expect(profile.addresses.map((x: { addressDetail: string }) => x.addressDetail)).toContain(
      a.address.text,
    );
    expect(JSON.stringify(profile)).not.toMatch(/Overwritten by/);
    const cart = body(await api('GET', '/api/v1/cart', roleHeaders.memberA)).data.cartList;
    expect(cart.find((line: { uuid: string }) => line.uuid === a.cartLine.uuid)?.quantity).toBe(
      a.cartLine.quantity,
    );
    const list = body(await api('GET', `/api/v1/lists/${a.list.uuid}`, roleHeaders.memberA)).data;
    expect(list.name).toBe(a.list.name);
    expect(list.lines.map((l: { quantity: number }) => l.quantity)).toEqual([a.list.quantity]);
    const order = await api('GET', `/api/v1/order/detail/${a.order.uuid}`, roleHeaders.memberA);
    expect(body(order).data.orderNumber).toBe(a.order.orderNumber);
    const download = await api('POST', '/api/v1/s3/download', roleHeaders.memberA, {
      imageUrl: a.certificateUrl,
    });
    expect(download.statusCode).toBe(200);
    // The certificate's own address serves nothing without a signed download link, to A or anyone else.
    for (const role of ['guest', 'memberA', 'memberB'] as const) {
      const file = await shop.app.inject({ url: a.certificateUrl, headers: roleHeaders[role] });
      expect(file.statusCode).toBe(404);
      expect(file.body).not.toContain('%PDF');
    }
    const kept = await api('GET', `/api/v1/admin/products/${fixtures.productId}`, ownerHeaders);
    expect(kept.statusCode).toBe(200);
  });

  it('refuses a token from before a password change as it refuses one after logout', async () => {
    const member = await makeBuyer('APPROVED');
    const other = await makeBuyer('APPROVED');
    const earlier = await shop.loginAs(member.email, PASSWORD);
    const changed = await api('PATCH', '/api/v1/user/password', member.headers, { password: 'Busan2027!' });
    expect(changed.statusCode).toBe(200);
    for (const headers of [earlier, member.headers]) {
      expect((await api('GET', '/api/v1/user', headers)).statusCode).toBe(401);
      const list = await api('GET', '/api/v1/product/list?limit=8', headers);
      expect(pricesIn(body(list).data)).toEqual([]);
    }
    expect((await api('GET', '/api/v1/user', other.headers)).statusCode).toBe(200);
  });

  it("keeps a staff session open when its token is sent to the shop's logout, and a buyer's open on the back office's", async () => {
    expect((await api('POST', '/api/v1/auth/logout', roleHeaders.staff)).statusCode).toBe(200);
    expect((await api('GET', '/api/v1/admin/me', roleHeaders.staff)).statusCode).toBe(200);
    await api('POST', '/api/v1/admin/auth/logout', roleHeaders.memberA);
    expect((await api('GET', '/api/v1/user', roleHeaders.memberA)).statusCode).toBe(200);
  });
});
