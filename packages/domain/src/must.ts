/**
 * The value read by index where the code's own logic says it is there (a row an insert returns, a
 * regex group that matched); a missing one is a bug, so it fails loudly with the reason.
 */
export function must<T>(value: T | undefined, why: string): T {
  if (value === undefined) throw new Error(`Missing value: ${why}`);
  return value;
}
