import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, productOptions } from '../../db/schema.js';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
let clerk: { authorization: string };
let korea: string;
beforeAll(async () => {
  shop = await createTestShop();
  clerk = await staffSession(shop, 'search-clerk@kshop.example');
  // A Korean company as Korean staff know it: its name in Hangul, its registration number with dashes.
  const [row] = await shop.db
    .update(buyers)
    .set({ companyName: '한빛레코드 주식회사', businessRegistrationNumber: '120-88-54321' })
    .where(eq(buyers.email, DEMO.korea))
    .returning({ id: buyers.id });
  korea = row!.id;
});
afterAll(() => shop?.close());

const buyersFound = async (q: string) => {
  const res = await shop.app.inject({
    url: `/api/v1/admin/buyers?q=${encodeURIComponent(q)}&limit=100`,
    headers: clerk,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data.buyerList as { email: string }[]).map((b) => b.email);
};

describe("staff searches in Korean, as Korean shops' searches go", () => {
  it('find a company by its Korean name, its initials, or its registration number with or without dashes', async () => {
    for (const q of [
      '한빛',
      '레코드 주식회사',
      'ㅎㅂㄹㅋㄷ',
      '120-88-54321',
      '1208854321',
      '8854321',
      '88-543',
    ]) {
      expect(await buyersFound(q), q).toContain(DEMO.korea);
    }
    for (const q of ['한빛 starlight', 'ㅅㅋㄹ', '1208854329', '99']) {
      expect(await buyersFound(q), q).not.toContain(DEMO.korea);
    }
    // The other companies' numbers are stored without dashes: typed with them, they are found too.
    expect(await buyersFound('472-91-50386')).toEqual([DEMO.global]);
  });

  it("find the products a taken order offers by the artist's Korean name and a type word, or by SKU", async () => {
    const options = async (q: string) => {
      const res = await shop.app.inject({
        url: `/api/v1/admin/buyers/${korea}/order-options?q=${encodeURIComponent(q)}`,
        headers: clerk,
      });
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data.optionList as { productOptionId: string; productTitle: string }[];
    };
    const korean = await options('던브레이크 앨범');
    expect(korean.length).toBeGreaterThan(0);
    expect(korean.every((o) => /dawnbreak/i.test(o.productTitle))).toBe(true);
    const initials = await options('ㄷㅂㄹㅇㅋ');
    expect(initials.map((o) => o.productOptionId)).toEqual(
      expect.arrayContaining(korean.map((o) => o.productOptionId)),
    );

    const [withSku] = await shop.db
      .select({ id: productOptions.id, sku: productOptions.sku })
      .from(productOptions)
      .where(eq(productOptions.id, korean[0]!.productOptionId));
    expect(withSku!.sku).toBeTruthy();
    const bySku = await options(withSku!.sku!.toLowerCase());
    expect(bySku.map((o) => o.productOptionId)).toContain(withSku!.id);
  });
});
