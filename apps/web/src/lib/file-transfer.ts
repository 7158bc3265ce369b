import { contentTypeFor } from '@kshop/contract';
import { apiRequest } from './api-client';

/** One entry of POST /s3/upload's data.urlList (contract: uploadResponseData). */
type UploadSlot = { url: string; fileUrl: string; contentType: string };

/**
 * Uploads a business certificate: asks the API for a signed upload URL (POST /s3/upload), then PUTs the file there
 * with exactly the content type the API named. Resolves with the `fileUrl` to send as businessCertificateUrl.
 * The PUT is a plain fetch: the target may be S3, which wants neither the JSON envelope nor the bearer token.
 */
export async function uploadBusinessCertificate(file: File): Promise<{ fileUrl: string; fileName: string }> {
  const data = await apiRequest<{ urlList: UploadSlot[] }>('/s3/upload', {
    method: 'POST',
    body: { fileInfoList: [{ fileType: 'BUSINESS_CERT', fileName: file.name }] },
  });
  const slot = data.urlList[0];
  if (!slot) throw new Error('The upload answer named no URL');
  const response = await fetch(slot.url, {
    method: 'PUT',
    headers: { 'Content-Type': slot.contentType || contentTypeFor(file.name) || 'application/octet-stream' },
    body: file,
  });
  if (!response.ok) throw new Error(`Upload refused (HTTP ${response.status})`);
  return { fileUrl: slot.fileUrl, fileName: file.name };
}

/** Asks the API for a short-lived download link (POST /s3/download) and lets the browser save the file. */
export async function downloadStoredFile(imageUrl: string): Promise<void> {
  const { url, fileName } = await apiRequest<{ url: string; fileName: string }>('/s3/download', {
    method: 'POST',
    body: { imageUrl },
  });
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
