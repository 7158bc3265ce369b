import { shopMessages } from '@kshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestShop, DEMO, type TestShop } from '../test/app.js';
import { stockedOption } from '../test/buying.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const KOREAN = 'ko-KR,ko;q=0.9,en;q=0.8';

const login = (language?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: language ? { 'accept-language': language } : {},
    payload: { email: DEMO.korea, password: 'not-the-password-1!' },
  });

describe("answers in the request's language", () => {
  it("give the spec's English unless the request prefers Korean", async () => {
    for (const language of [undefined, 'en-US,en;q=0.9', 'ja,en;q=0.5', 'en;q=0.9,ko;q=0.8']) {
      const res = await login(language);
      expect(res.statusCode, language).toBe(401);
      expect(body(res).message, language).toBe(shopMessages.auth.invalidLogin);
      expect(res.headers.vary, language).toContain('Accept-Language');
    }
    const korean = await login(KOREAN);
    expect(korean.statusCode).toBe(401);
    expect(body(korean)).toEqual({
      statusCode: 401,
      message: '이메일 또는 비밀번호가 올바르지 않습니다.',
      data: null,
    });
  });

  it('put refusals, validation messages and messages with values into Korean', async () => {
    const member = await shop.loginAs(DEMO.korea);
    const pending = await shop.loginAs(DEMO.pending);
    const option = await stockedOption(shop, 10);
    const add = (headers: Record<string, string>, quantity: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/cart',
        headers: { ...headers, 'accept-language': KOREAN },
        payload: { productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity }] },
      });
    const guest = await add({}, 1);
    expect([guest.statusCode, body(guest).message]).toEqual([401, '로그인이 필요합니다']);
    const waiting = await add(pending, 1);
    expect([waiting.statusCode, body(waiting).message]).toEqual([403, '계정 승인 대기 중입니다.']);
    const zero = await add(member, 0);
    expect([zero.statusCode, body(zero).message]).toEqual([400, '최소 주문 수량은 1개입니다.']);
    const contact = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'accept-language': KOREAN },
      payload: {},
    });
    expect(contact.statusCode).toBe(400);
    expect(body(contact).message).toMatch(/[가-힣]/);
  });

  it("leave the shop's other messages and successes as they are", async () => {
    const member = await shop.loginAs(DEMO.korea);
    const res = await shop.app.inject({
      url: '/api/v1/cart',
      headers: { ...member, 'accept-language': KOREAN },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('OK');
    expect(res.headers.vary ?? '').not.toContain('Accept-Language');
  });
});
