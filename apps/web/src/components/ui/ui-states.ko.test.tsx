import { contractTextsKo, messages } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/api-errors';
import { renderWithProviders } from '../../test/render';
import { CertificateInput } from './certificate-input';
import { ErrorBoundary } from './error-boundary';
import { ErrorState, LoadingState } from './status';

const ko = contractTextsKo.messages;

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('Shared states in Korean', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('ko'));
  });
  afterEach(async () => {
    await act(() => activateLanguage('en'));
  });

  it('shows loading, a failure with its retry and a broken page in Korean', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <>
        <LoadingState />
        <ErrorState message={ko.http.internal} onRetry={() => {}} />
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByText('불러오는 중...').getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '오류가 발생했습니다' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '새로 고침' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it("refuses a file type and reports 'Too many requests' in Korean", async () => {
    renderWithProviders(
      <CertificateInput id="cert" label="사업자등록증" accept=".pdf" onUploaded={() => {}} />,
    );
    fireEvent.change(screen.getByLabelText('사업자등록증'), {
      target: { files: [new File(['x'], 'certificate.exe', { type: 'application/octet-stream' })] },
    });
    expect(await screen.findByRole('alertdialog', { name: ko.file.typeNotAllowed })).toBeTruthy();

    expect(failureMessage(new ApiError(429, ko.http.tooManyRequests), messages.file.uploadFailed)).toBe(
      ko.http.tooManyRequests,
    );
    expect(failureMessage(new ApiError(500, 'x'), messages.file.uploadFailed)).toBe(ko.file.uploadFailed);
  });

  it('says Uploading... in Korean while the certificate goes up', async () => {
    stubApi({ 'POST /s3/upload': () => new Promise(() => {}) });
    renderWithProviders(
      <CertificateInput id="cert" label="사업자등록증" accept=".pdf" onUploaded={() => {}} />,
    );
    fireEvent.change(screen.getByLabelText('사업자등록증'), {
      target: { files: [new File(['%PDF'], 'certificate.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByText('업로드 중...')).getAttribute('role')).toBe('status');
  });
});
