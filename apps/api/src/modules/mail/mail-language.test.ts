import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestShop, DEMO, type TestShop } from '../../test/app.js';
import { orderPayload, placeOrder, stockedOption } from '../../test/buying.js';
import { staffSession } from '../../test/staff.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const HANGUL = /[가-힣]/;

async function memberIn(language: 'en' | 'ko', email: string) {
  const member = await shop.loginAs(email);
  const res = await shop.app.inject({
    method: 'PUT',
    url: '/api/v1/user/language',
    headers: member,
    payload: { language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

describe("the buyer's mails speak the buyer's language", () => {
  it('a code before sign-up in the language the request asked in', async () => {
    for (const [email, header] of [
      ['code-ko@company.example', 'ko-KR,ko;q=0.9'],
      ['code-en@company.example', 'en-US'],
    ] as const) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/mail',
        headers: { 'accept-language': header },
        payload: { email },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [korean] = await shop.smtp.mailsTo('code-ko@company.example');
    expect(korean!.subject).toBe('[K-Shop] 이메일 인증번호');
    expect(korean!.text).toMatch(/^인증번호는 \d{6}입니다\.\n3분 동안 유효합니다\./);
    const [english] = await shop.smtp.mailsTo('code-en@company.example');
    expect(english!.subject).toBe('Your K-Shop verification code');
    expect(english!.text).toMatch(/^Your verification code is \d{6}\./);
  });

  it("a temporary password, an order's receipt and its cancellation in the member's choice", async () => {
    await memberIn('ko', DEMO.korea);
    const temp = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/user/temp-password',
      payload: { email: DEMO.korea },
    });
    expect(temp.statusCode, temp.body).toBe(200);
    const password = await shop.smtp.waitFor(
      (m) => m.to.includes(DEMO.korea) && m.subject === '[K-Shop] 임시 비밀번호',
    );
    expect(password.text).toMatch(/^임시 비밀번호는 \S+ 입니다\./);

    const member = await shop.loginAs(DEMO.korea);
    const option = await stockedOption(shop, 20);
    const placed = await placeOrder(
      shop,
      member,
      await orderPayload(shop, 'KRW', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const { uuid, orderNumber } = body(placed).data as { uuid: string; orderNumber: string };
    const receipt = await shop.smtp.waitFor((m) => m.subject === `[K-Shop] 주문 ${orderNumber} 접수`);
    expect(receipt.to).toContain(DEMO.korea);
    expect(receipt.text).toContain('세금계산서');

    const owner = await staffSession(shop, 'mail-language-owner@kshop.example', 'OWNER');
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/status',
      headers: owner,
      payload: { orderIds: [uuid], to: 'CANCELLED', note: '재고 부족' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await shop.smtp.waitFor((m) => m.subject === `[K-Shop] 주문 ${orderNumber}: 주문 취소`);
    expect(cancelled.text).toBe(`주문 ${orderNumber}의 상태가 변경되었습니다: 주문 취소\n사유: 재고 부족`);
  });

  it('English for a member who chose English, word for word as before', async () => {
    await memberIn('en', DEMO.global);
    const member = await shop.loginAs(DEMO.global);
    const option = await stockedOption(shop, 20);
    const placed = await placeOrder(
      shop,
      member,
      await orderPayload(shop, 'USD', [{ productOptionUuid: option.id, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber } = body(placed).data as { orderNumber: string };
    const receipt = await shop.smtp.waitFor((m) => m.subject === `Order ${orderNumber} received`);
    expect(receipt.text).toMatch(/^Thank you for your order /);
    expect(HANGUL.test(receipt.text)).toBe(false);
  });
});
