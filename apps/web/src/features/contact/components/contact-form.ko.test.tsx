import { contractTextsKo, messages, OFFICE_HOURS } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { ContactPage } from '../routes/contact-page';

const ko = contractTextsKo.messages;

describe('Contact Us in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it("labels the form in Korean and shows the spec's messages in Korean", async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: '문의하기' })).toBeTruthy();
    expect(document.title).toBe('문의하기 | KSHOP Wholesale');
    expect(screen.getByText(`(${OFFICE_HOURS})`, { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('문의 내용')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '이용약관에 동의합니다' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '이용약관 보기' }).getAttribute('href')).toBe('/guide/terms');
    expect(screen.queryByText('CONTACT US')).toBeNull();

    await user.click(screen.getByRole('button', { name: '등록' }));
    for (const message of [
      ko.contact.businessRegistrationNumberRequired,
      ko.contact.companyNameRequired,
      ko.contact.representativeNameRequired,
      ko.contact.emailRequired,
      ko.contact.phoneRequired,
      ko.contact.contentLength,
      ko.contact.termsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText(messages.contact.termsRequired)).toBeNull();
    expect((screen.getByLabelText('업체명') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });
});
