/** For tests only: a member profile with overrides. */
import type { UserProfile } from '@kshop/contract';

export function userProfileFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    email: 'buyer@seoul-records.test',
    phoneNumber: '+82 10-1234-5678',
    companyName: 'Seoul Records',
    representativeName: 'Kim Minji',
    businessRegistrationNumber: '1234567890',
    companyAddress: '12 Teheran-ro, Gangnam-gu, Seoul',
    postalCode: '06234',
    businessCertificateUrl: '/files/business-cert/abc.pdf',
    businessCertificateName: 'seoul-records-business-registration-certificate-2025.pdf',
    marketingAgree: false,
    isKoreanCompany: true,
    status: 'APPROVED',
    addresses: [],
    ...overrides,
  };
}
