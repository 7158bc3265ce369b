/**
 * Reads until `until` holds, or gives the last read after `withinMs` (5 s): for what a notification brings (a
 * cached answer that changes once the database's notice arrives). The caller's assertion on the value says what
 * was awaited.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  until: (value: T) => boolean,
  withinMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
