/**
 * Whether the error is a full disk: PostgreSQL's 53100 disk_full (the database could not extend a file; the embedded
 * database says the same), or the file system's ENOSPC under an upload. The statement or file was not written;
 * space made, the same request goes through.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
  }
  return false;
}
