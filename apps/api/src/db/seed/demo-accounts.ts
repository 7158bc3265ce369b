import type { CurrencyCode } from '@kshop/contract';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Executor } from '../client.js';
import { addresses, buyers } from '../schema.js';

export type DemoAccount = {
  email: string;
  password: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'SUSPENDED';
  currency: CurrencyCode;
};

/** Meets the password rules: letters, a digit, a special character, 8-40 characters. */
export const DEMO_PASSWORD = 'Demo1234!';

type DemoBuyer = {
  email: string;
  status: 'PENDING' | 'APPROVED';
  isKoreanCompany: boolean;
  companyName: string;
  representativeName: string;
  businessRegistrationNumber: string;
  phoneNumber: string;
  companyAddress: string;
  postalCode: string;
  marketingAgree: boolean;
  /** Saved as the default shipping address of an approved buyer. */
  shippingAddress?: { postalCode: string; addressDetail: string; country: string };
};

const DEMO_BUYERS: readonly DemoBuyer[] = [
  {
    email: 'korea@demo.kshop.example',
    status: 'APPROVED',
    isKoreanCompany: true,
    companyName: 'Hanbit Records Co., Ltd.',
    representativeName: 'Kim Minji',
    businessRegistrationNumber: '1208812345',
    phoneNumber: '+82 10-1234-5678',
    companyAddress: '서울특별시 마포구 월드컵북로 396, 12층',
    postalCode: '03925',
    marketingAgree: true,
    shippingAddress: {
      postalCode: '03925',
      addressDetail: '서울특별시 마포구 월드컵북로 396, 12층 한빛레코드 물류팀',
      country: 'KR',
    },
  },
  {
    email: 'global@demo.kshop.example',
    status: 'APPROVED',
    isKoreanCompany: false,
    companyName: 'Starlight Goods LLC',
    representativeName: 'Emily Carter',
    businessRegistrationNumber: '4729150386',
    phoneNumber: '+1 213-555-0147',
    companyAddress: '350 S Grand Ave, Suite 1200, Los Angeles, CA, USA',
    postalCode: '90071',
    marketingAgree: false,
    shippingAddress: {
      postalCode: '90021',
      addressDetail: '1200 E 7th St, Unit B, Los Angeles, CA, USA (Warehouse)',
      country: 'US',
    },
  },
  {
    email: 'pending@demo.kshop.example',
    status: 'PENDING',
    isKoreanCompany: false,
    companyName: 'Sakura Pop Shop K.K.',
    representativeName: 'Sato Haruka',
    businessRegistrationNumber: '8011001234567',
    phoneNumber: '+81 3-5555-0123',
    companyAddress: '1-2-3 Jingumae, Shibuya-ku, Tokyo, Japan',
    postalCode: '1500001',
    marketingAgree: false,
  },
];

const currencyOf = (isKoreanCompany: boolean): CurrencyCode => (isKoreanCompany ? 'KRW' : 'USD');

/** Three buyers to try the shop with: approved in KRW, approved in USD, and one awaiting approval. */
export async function seedDemoAccounts(db: Executor): Promise<DemoAccount[]> {
  const now = new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const inserted = await db
    .insert(buyers)
    .values(
      DEMO_BUYERS.map(({ shippingAddress: _, ...buyer }) => ({
        ...buyer,
        passwordHash,
        personalInfoAgreedAt: now,
        termsAgreedAt: now,
      })),
    )
    .returning({ id: buyers.id, email: buyers.email });
  const idByEmail = new Map(inserted.map((b) => [b.email, b.id]));
  const shipping = DEMO_BUYERS.flatMap((b) =>
    b.shippingAddress ? [{ buyerId: idByEmail.get(b.email)!, ...b.shippingAddress, isDefault: true }] : [],
  );
  if (shipping.length > 0) await db.insert(addresses).values(shipping);
  return DEMO_BUYERS.map((b) => ({
    email: b.email,
    password: DEMO_PASSWORD,
    status: b.status,
    currency: currencyOf(b.isKoreanCompany),
  }));
}

/** The demo logins that still work (the account exists and its password is unchanged), for the start banner. */
export async function findDemoAccounts(db: Executor): Promise<DemoAccount[]> {
  const rows = await db
    .select({
      email: buyers.email,
      status: buyers.status,
      isKoreanCompany: buyers.isKoreanCompany,
      passwordHash: buyers.passwordHash,
    })
    .from(buyers)
    .where(
      and(
        inArray(
          sql`lower(${buyers.email})`,
          DEMO_BUYERS.map((b) => b.email),
        ),
        isNull(buyers.deletedAt),
      ),
    );
  const accounts: DemoAccount[] = [];
  for (const demo of DEMO_BUYERS) {
    const row = rows.find((r) => r.email.toLowerCase() === demo.email);
    if (!row || !(await verifyPassword(row.passwordHash, DEMO_PASSWORD))) continue;
    accounts.push({
      email: demo.email,
      password: DEMO_PASSWORD,
      status: row.status,
      currency: currencyOf(row.isKoreanCompany),
    });
  }
  return accounts;
}
