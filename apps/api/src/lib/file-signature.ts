import { fileExtension, MAX_UPLOAD_BYTES } from '@kshop/contract';
import type { UntrustedWork } from '../workers/untrusted-pool.js';

const ascii = (head: Buffer, offset: number, text: string) =>
  head.subarray(offset, offset + text.length).toString('latin1') === text;
const bytes = (head: Buffer, offset: number, expected: number[]) =>
  expected.every((b, i) => head[offset + i] === b);

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  png: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  jpeg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  gif: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  webp: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  pdf: (h) => ascii(h, 0, '%PDF-'),
  mp4: (h) => ascii(h, 4, 'ftyp'),
  mov: (h) => ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].some((box) => ascii(h, 4, box)),
  avi: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'AVI '),
  wmv: (h) => bytes(h, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
  flv: (h) => ascii(h, 0, 'FLV'),
  webm: (h) => bytes(h, 0, [0x1a, 0x45, 0xdf, 0xa3]),
};

/**
 * Whether the bytes of an upload (as many as `bytesToCheck` says) are what its file name says it is. An SVG
 * is a document that can carry script anywhere in it; the shop takes only inert drawings, and parses the
 * whole file to know (lib/svg-check.ts), in the worker pool.
 */
export async function matchesFileType(
  fileName: string,
  head: Buffer,
  untrustedWork: UntrustedWork,
): Promise<boolean> {
  const extension = fileExtension(fileName);
  if (extension === 'svg') return (await untrustedWork.run('svgCheck', head)) === null;
  const check = SIGNATURES[extension];
  return check ? check(head) : false;
}

export const SNIFF_BYTES = 64 * 1024;

/** How much of an upload its check reads: the first bytes of a binary format, the whole of an SVG. */
export const bytesToCheck = (fileName: string) =>
  fileExtension(fileName) === 'svg' ? MAX_UPLOAD_BYTES : SNIFF_BYTES;
