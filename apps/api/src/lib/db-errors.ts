/** Postgres error codes, as thrown by either driver (possibly wrapped by Drizzle). */
const hasCode = (err: unknown, code: string): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
};

export const isUniqueViolation = (err: unknown) => hasCode(err, '23505');
export const isForeignKeyViolation = (err: unknown) => hasCode(err, '23503');
