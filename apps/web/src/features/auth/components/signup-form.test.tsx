import { messages, PHONE_PLACEHOLDER_SIGNUP, SIGNUP_CERTIFICATE_ACCEPT } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { SignupForm } from './signup-form';

const EMAIL = 'new@buyer.test';
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const timer = () => screen.queryByRole('timer', { name: 'Time left' })?.textContent;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function setup(routes: Parameters<typeof stubApi>[0] = {}, onSignUp?: (form: unknown) => Promise<unknown>) {
  const api = stubApi({
    'POST /auth/email-duplication': { message: 'Available' },
    'POST /mail': { message: 'Verification code sent.' },
    ...routes,
  });
  const onSignedUp = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<SignupForm onSignedUp={onSignedUp} onSignUp={onSignUp} />);
  return { api, user, onSignedUp };
}

describe('SignupForm email verification', () => {
  // Only the countdown's clock is faked; testing-library's own waiting keeps real timeouts.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('counts down from 3:00 after Send, and sending again starts over', async () => {
    const { api, user } = setup();
    expect(timer()).toBeUndefined();
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(input('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('timer');
    expect(api.calls.map((call) => call.path)).toEqual(['/auth/email-duplication', '/mail']);
    expect(api.calls[1]?.body).toEqual({ email: EMAIL });
    expect(timer()).toBe('3:00');

    await tick(1000);
    expect(timer()).toBe('2:59');
    await tick(59_000);
    expect(timer()).toBe('2:00');
    await tick(111_000);
    expect(timer()).toBe('0:09');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(api.callsTo('POST /mail')).toHaveLength(2));
    await vi.waitFor(() => expect(timer()).toBe('3:00'));
    await tick(1000);
    expect(timer()).toBe('2:59');
  });

  it('stops at 0:00, says the code expired, disables Verify and offers Send again', async () => {
    const { api, user } = setup();
    await user.type(input('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('timer');
    await user.type(input('Verification code'), '123456');
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(false);
    expect(screen.queryByText(messages.signup.codeExpired)).toBeNull();

    await tick(180_000);
    expect(timer()).toBe('0:00');
    expect(verify.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(messages.signup.codeExpired);
    expect(input('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await tick(20_000);
    expect(timer()).toBe('0:00');

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await vi.waitFor(() => expect(timer()).toBe('3:00'));
    expect(api.callsTo('POST /mail')).toHaveLength(2);
    expect(screen.queryByText(messages.signup.codeExpired)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(verify.disabled).toBe(false);
    await tick(0); // lets the new countdown's interval start
    await tick(1000);
    expect(timer()).toBe('2:59');
  });

  it("says the code expired, not 'Wrong code', when the server answers it expired", async () => {
    const { api, user } = setup({
      'POST /auth/email-verification': { statusCode: 410, message: messages.signup.codeExpired },
    });
    await user.type(input('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('timer');
    await user.type(input('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.signup.codeExpired)).toBeTruthy();
    expect(screen.queryByText(messages.signup.wrongCode)).toBeNull();
    expect(api.callsTo('POST /auth/email-verification')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
    const stoppedAt = timer();
    await tick(5000);
    expect(timer()).toBe(stoppedAt);
  });

  it("shows 'Wrong code' for a refused code, then verifies: the timer stops and the email locks", async () => {
    let accept = false;
    const { api, user } = setup({
      'POST /auth/email-verification': () =>
        accept ? { message: 'Email verified.' } : { statusCode: 401, message: messages.signup.invalidCode },
    });
    await user.type(input('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('timer');

    await user.type(input('Verification code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.signup.wrongCode)).toBeTruthy();
    expect(input('Verification code').getAttribute('aria-invalid')).toBe('true');

    // A code that cannot be valid never reaches the server.
    await user.clear(input('Verification code'));
    await user.type(input('Verification code'), '12a');
    expect(input('Verification code').value).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.signup.wrongCode)).toBeTruthy();
    expect(api.callsTo('POST /auth/email-verification')).toHaveLength(1);

    accept = true;
    await tick(5000);
    await user.clear(input('Verification code'));
    await user.type(input('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email verified.')).toBeTruthy();
    expect(api.callsTo('POST /auth/email-verification')[1]?.body).toEqual({ email: EMAIL, code: '123456' });
    expect(screen.queryByText(messages.signup.wrongCode)).toBeNull();
    expect(timer()).toBeUndefined();
    expect(input('Email').readOnly).toBe(true);
    await user.type(input('Email'), 'x');
    expect(input('Email').value).toBe(EMAIL);

    // Sending again resets the verified flag and the timer.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(timer()).toBe('3:00'));
    expect(input('Email').readOnly).toBe(false);
    expect(screen.queryByText('Email verified.')).toBeNull();
  });

  it("alerts 'The user already exists.' for a taken email and starts no timer", async () => {
    const { api, user } = setup({
      'POST /auth/email-duplication': { statusCode: 409, message: messages.signup.userExists },
    });
    await user.type(input('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alertdialog', { name: messages.signup.userExistsAlert })).toBeTruthy();
    expect(api.callsTo('POST /mail')).toHaveLength(0);
    expect(timer()).toBeUndefined();
  });

  it('checks the email before sending anything', async () => {
    const { api, user } = setup();
    await user.type(input('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.contact.emailPattern)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('SignupForm fields', () => {
  // The postal code took digits only until overseas buyers needed theirs ('SW1A 1AA', 'M5V 2T6'): it now keeps
  // letters, spaces and hyphens as typed, and the contract's rule names the limit. The number pad stays for Korea.
  it('keeps the registration number numeric and the postal code as typed', async () => {
    const { user } = setup();
    await user.type(input('Business registration number'), '12a-34 5');
    expect(input('Business registration number').value).toBe('12345');
    await user.type(input('Postal code'), 'SW1A 1AA');
    expect(input('Postal code').value).toBe('SW1A 1AA');
    fireEvent.change(input('Postal code'), { target: { value: '0-62-34' } });
    expect(input('Postal code').value).toBe('0-62-34');
    await user.click(screen.getByRole('button', { name: 'Korea Company' }));
    expect(input('Postal code').inputMode).toBe('numeric');
    await user.click(screen.getByRole('button', { name: 'Global Company' }));
    expect(input('Postal code').inputMode).toBe('');
  });

  it('shows the password errors while typing, and the hint', async () => {
    const { user } = setup();
    expect(screen.getByText(messages.password.hint)).toBeTruthy();
    await user.type(input('Password'), 'abc');
    expect(screen.getByText(messages.password.length)).toBeTruthy();
    await user.type(input('Password'), 'defgh');
    expect(screen.getByText(messages.password.pattern)).toBeTruthy();
    await user.type(input('Password'), '1!');
    expect(screen.queryByText(messages.password.pattern)).toBeNull();
    expect(screen.queryByText(messages.password.length)).toBeNull();

    await user.type(input('Password check'), 'abc');
    expect(screen.getByText(messages.password.mismatch)).toBeTruthy();
    await user.clear(input('Password check'));
    await user.type(input('Password check'), 'abcdefgh1!');
    expect(screen.queryByText(messages.password.mismatch)).toBeNull();
    await user.type(input('Password'), ' ');
    expect(screen.getByText(messages.password.pattern)).toBeTruthy();
  });

  it('offers the company location as two toggle buttons, the phone placeholder and the picker types', async () => {
    const { user } = setup();
    const korea = screen.getByRole('button', { name: 'Korea Company' });
    const global = screen.getByRole('button', { name: 'Global Company' });
    expect(korea.getAttribute('aria-pressed')).toBe('false');
    await user.click(global);
    expect(global.getAttribute('aria-pressed')).toBe('true');
    expect(korea.getAttribute('aria-pressed')).toBe('false');
    expect(input('Phone number').placeholder).toBe(PHONE_PLACEHOLDER_SIGNUP);
    expect(input('Business certificate').accept).toBe(SIGNUP_CERTIFICATE_ACCEPT);
  });

  it('refuses a file type the shop does not take', async () => {
    const { api, user } = setup();
    await user.upload(
      input('Business certificate'),
      new File(['x'], 'setup.exe', { type: 'application/x-msdownload' }),
    );
    expect(await screen.findByRole('alertdialog', { name: messages.file.typeNotAllowed })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, { agree = true } = {}) {
  await user.type(input('Email'), EMAIL);
  await user.type(input('Password'), 'Secret#123');
  await user.type(input('Password check'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Global Company' }));
  await user.type(input('Business registration number'), '1234567890');
  await user.type(input('Company name'), 'Tokyo Idol Goods');
  await user.type(input('Representative name'), 'Sato Yui');
  await user.type(input('Phone number'), '+81 90 1234 5678');
  await user.type(input('Business address'), '1-2-3 Shibuya, Tokyo');
  await user.upload(
    input('Business certificate'),
    new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' }),
  );
  await screen.findByText('Uploaded: cert.pdf');
  if (!agree) return;
  await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  await user.click(screen.getByRole('checkbox', { name: /terms of service/ }));
}

const UPLOAD_ROUTES = {
  'POST /s3/upload': {
    data: {
      urlList: [
        {
          url: '/files/cert/1.pdf?signature=abc',
          fileUrl: '/files/cert/1.pdf',
          contentType: 'application/pdf',
        },
      ],
    },
  },
  'PUT /files/cert/1.pdf': { message: 'Uploaded' },
};

describe('SignupForm submit', () => {
  it('uploads the certificate on pick, sends the form, alerts success and moves on', async () => {
    const onSignUp = vi.fn(async () => null);
    const { api, user, onSignedUp } = setup(UPLOAD_ROUTES, onSignUp);
    await fillValidForm(user);
    expect(api.callsTo('POST /s3/upload')[0]?.body).toEqual({
      fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: 'cert.pdf' }],
    });
    expect(api.callsTo('PUT /files/cert/1.pdf')[0]?.headers).toEqual({ 'Content-Type': 'application/pdf' });

    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    expect(await screen.findByRole('alertdialog', { name: messages.signup.success })).toBeTruthy();
    expect(onSignUp).toHaveBeenCalledWith({
      email: EMAIL,
      password: 'Secret#123',
      companyName: 'Tokyo Idol Goods',
      companyAddress: '1-2-3 Shibuya, Tokyo',
      representativeName: 'Sato Yui',
      phoneNumber: '+81 90 1234 5678',
      businessRegistrationNumber: '1234567890',
      businessCertificateUrl: '/files/cert/1.pdf',
      postalCode: '',
      isKoreanCompany: false,
      personalInfoAgree: true,
      termsOfServiceAgree: true,
      marketingAgree: false,
    });
    expect(onSignedUp).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSignedUp).toHaveBeenCalled();
  });

  it("alerts 'file upload failed...' when the upload is refused", async () => {
    const { user } = setup({ 'POST /s3/upload': { statusCode: 413, message: 'File too large.' } });
    await user.upload(
      input('Business certificate'),
      new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alertdialog', { name: messages.file.uploadFailed })).toBeTruthy();
  });

  it("shows 'Wrong code' when the server has no verification for the email", async () => {
    const onSignUp = vi.fn(async () => {
      throw new ApiError(401, messages.signup.invalidCode);
    });
    const { user, onSignedUp } = setup(UPLOAD_ROUTES, onSignUp);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    expect(await screen.findByText(messages.signup.wrongCode)).toBeTruthy();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('shows no client check for the agreements: the form is sent and the server answer is shown', async () => {
    const onSignUp = vi.fn(async () => {
      throw new ApiError(400, 'you must agree to the privacy policy.');
    });
    const { user, onSignedUp } = setup(UPLOAD_ROUTES, onSignUp);
    await fillValidForm(user, { agree: false });
    expect(
      screen.getByRole('checkbox', { name: /privacy policy \(required\)/ }).getAttribute('aria-required'),
    ).toBe('true');
    expect(screen.getByRole('checkbox', { name: /terms of service \(required\)/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    await vi.waitFor(() => expect(onSignUp).toHaveBeenCalledTimes(1));
    expect(onSignUp).toHaveBeenCalledWith(
      expect.objectContaining({ personalInfoAgree: false, termsOfServiceAgree: false }),
    );
    expect(screen.queryByText('you must agree to the terms of service.')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('you must agree to the privacy policy.');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('shows no error for an empty new password, also after a submit attempt, and sends nothing', async () => {
    const onSignUp = vi.fn(async () => null);
    const { user } = setup(UPLOAD_ROUTES, onSignUp);
    await fillValidForm(user);
    await user.clear(input('Password'));
    await user.clear(input('Password check'));
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    await vi.waitFor(() => expect(input('Password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText(messages.password.length)).toBeNull();
    expect(screen.queryByText(messages.password.pattern)).toBeNull();
    expect(screen.queryByText(messages.password.mismatch)).toBeNull();
    expect(document.activeElement).toBe(input('Password'));
    expect(onSignUp).not.toHaveBeenCalled();

    await user.type(input('Password'), 'short');
    expect(screen.getByText(messages.password.length)).toBeTruthy();
  });

  it('blocks a mismatching password check and shows the schema messages', async () => {
    const onSignUp = vi.fn(async () => null);
    const { user } = setup({}, onSignUp);
    await user.type(input('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    expect(await screen.findByText(messages.password.mismatch)).toBeTruthy();
    expect(screen.getByText(messages.contact.companyNameRequired)).toBeTruthy();
    expect(screen.getByText('please choose your company location.')).toBeTruthy();
    expect(onSignUp).not.toHaveBeenCalled();
  });
});
