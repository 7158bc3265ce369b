import { messages, SESSION_KEYS } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userProfileFixture } from '../../../lib/user-profile-fixture';
import { renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('ContactForm', () => {
  it("shows the spec's message under each field and sends nothing", async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm onSubmitted={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'POST' }));

    for (const message of [
      messages.contact.businessRegistrationNumberRequired,
      messages.contact.companyNameRequired,
      messages.contact.representativeNameRequired,
      messages.contact.emailRequired,
      messages.contact.phoneRequired,
      messages.contact.contentLength,
      messages.contact.termsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(field('Company name').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    await user.type(field('Email'), 'ab');
    await user.type(field('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByText(messages.contact.emailLength)).toBeTruthy();
    expect(screen.getByText(messages.contact.phoneLength)).toBeTruthy();
    await user.type(field('Email'), 'cd');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByText(messages.contact.emailPattern)).toBeTruthy();
  });

  it('sends a guest inquiry, alerts success, then goes on', async () => {
    const api = stubApi({ 'POST /contact': { message: 'OK' } });
    const onSubmitted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ContactForm onSubmitted={onSubmitted} />);
    await user.type(field('Business registration number'), '9876543210');
    await user.type(field('Company name'), 'Idol Mart');
    await user.type(field('Representative name'), 'Lee Jun');
    await user.type(field('Email'), 'buyer@idolmart.test');
    await user.type(field('Phone number'), '+1 415 555 0100');
    await user.type(screen.getByLabelText('Content'), 'Do you ship to Canada?');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('button', { name: 'POST' }));

    await screen.findByRole('alertdialog', { name: messages.contact.success });
    expect(api.calls[0]?.headers.Authorization).toBeUndefined();
    expect(api.calls[0]?.body).toEqual({
      businessRegistrationNumber: '9876543210',
      companyName: 'Idol Mart',
      representativeName: 'Lee Jun',
      email: 'buyer@idolmart.test',
      phoneNumber: '+1 415 555 0100',
      content: 'Do you ship to Canada?',
      termsOfServiceAgree: true,
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSubmitted).toHaveBeenCalled();
  });

  it("fills a member's company fields from the profile and disables them", async () => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'member-token');
    const profile = userProfileFixture();
    const api = stubApi({ 'GET /user': { data: profile }, 'POST /contact': { message: 'OK' } });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm onSubmitted={() => {}} />);

    await vi.waitFor(() => expect(field('Company name').value).toBe(profile.companyName));
    for (const [label, value] of [
      ['Company name', profile.companyName],
      ['Representative name', profile.representativeName],
      ['Business registration number', profile.businessRegistrationNumber],
    ] as const) {
      expect(field(label).value).toBe(value);
      expect(field(label).disabled).toBe(true);
    }
    expect(field('Email').value).toBe(profile.email);
    expect(field('Email').disabled).toBe(false);
    expect(field('Phone number').value).toBe(profile.phoneNumber);
    expect(field('Phone number').disabled).toBe(false);

    await user.type(screen.getByLabelText('Content'), 'Restock date for the light stick?');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('button', { name: 'POST' }));
    await screen.findByRole('alertdialog', { name: messages.contact.success });
    const sent = api.callsTo('POST /contact')[0];
    expect(sent?.headers.Authorization).toBe('Bearer member-token');
    expect(sent?.body).toMatchObject({
      companyName: profile.companyName,
      representativeName: profile.representativeName,
      businessRegistrationNumber: profile.businessRegistrationNumber,
      email: profile.email,
    });
  });

  it('ignores a failed submission', async () => {
    stubApi({ 'POST /contact': { statusCode: 500, message: 'boom' } });
    const onSubmitted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ContactForm onSubmitted={onSubmitted} />);
    await user.type(field('Business registration number'), '1');
    await user.type(field('Company name'), 'A');
    await user.type(field('Representative name'), 'B');
    await user.type(field('Email'), 'a@b.co');
    await user.type(field('Phone number'), '1234567');
    await user.type(screen.getByLabelText('Content'), 'x');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('button', { name: 'POST' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
