import { type UnzipFileInfo, unzipSync } from 'fflate';

/**
 * The parts of an Excel workbook (a zip file) read in two passes over fflate's central directory: the first
 * inflates nothing and only lists what each part says it holds; the second inflates the parts asked for,
 * once their declared sizes are within the limits. A part's declared size is also the size of the buffer it
 * is inflated into, so a part that holds more than it declares is cut at that size (and its XML breaks)
 * instead of growing: a lying directory costs at most the time of inflating, which the worker's time limit
 * bounds.
 */
export type ZipEntry = Pick<UnzipFileInfo, 'name' | 'size' | 'originalSize' | 'compression'>;
export type ZipRead<T> = { ok: true; value: T } | { ok: false; why: string };

/** Deflate expands at most 1032 times; a directory that declares more does not describe its own data. */
const DEFLATE_MAX_RATIO = 1032;
/** Deflate's stored blocks add 5 bytes per 65,535 and a few bytes of framing; anything beyond is padding. */
const deflatedAtMost = (originalSize: number) => originalSize + Math.ceil(originalSize / 65_535) * 5 + 64;

const NOT_A_ZIP = 'it is not a complete .xlsx file';

/** Every entry of the zip's central directory, as declared; nothing is inflated. */
export function zipDirectory(bytes: Uint8Array): ZipRead<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(bytes, {
      filter: ({ name, size, originalSize, compression }) => {
        entries.push({ name, size, originalSize, compression });
        return false;
      },
    });
  } catch {
    return { ok: false, why: NOT_A_ZIP };
  }
  return { ok: true, value: entries };
}

/** Why an entry's declaration cannot be true of a stored or deflated part, or null. */
export function entryProblem(entry: ZipEntry): string | null {
  if (entry.compression !== 0 && entry.compression !== 8) return 'it uses a compression Excel does not write';
  if (entry.compression === 0 && entry.size !== entry.originalSize) return NOT_A_ZIP;
  if (entry.compression === 8) {
    if (entry.originalSize > entry.size * DEFLATE_MAX_RATIO) return NOT_A_ZIP;
    if (entry.size > deflatedAtMost(entry.originalSize)) return NOT_A_ZIP;
  }
  return null;
}

/**
 * The named entries inflated, each into a buffer of its declared size. Call only with entries whose
 * declarations passed the limits: the declared size is what gets allocated.
 */
export function inflateEntries(
  bytes: Uint8Array,
  names: ReadonlySet<string>,
): ZipRead<Map<string, Uint8Array>> {
  const declared = new Map<string, number>();
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        if (!names.has(entry.name)) return false;
        // Two entries of one name: fflate keeps the last, so that is the declaration that counts.
        declared.set(entry.name, entry.originalSize);
        return true;
      },
    });
  } catch {
    return { ok: false, why: NOT_A_ZIP };
  }
  const parts = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) {
    // Less than declared: the data ended early, or the directory lied the other way.
    if (data.length !== declared.get(name)) return { ok: false, why: NOT_A_ZIP };
    parts.set(name, data);
  }
  return { ok: true, value: parts };
}
