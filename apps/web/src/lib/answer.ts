// docs/RULES.md, 'Messages': 'Order or invoice call with falsy response or status error: the error text, or
// 'An unknown error occured.'' The API answers errors with a 4xx/5xx (ApiError); this covers a 2xx
// answer that is empty or says { status: 'error' }, which must not count as a success.
import { ApiError } from './api';

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occured.';

/** The status an ApiError gets for a 2xx answer that is no success (200 itself: no HTTP error). */
export const FAILED_ANSWER_STATUS = 200;

/** Resolves with the answer, or throws an ApiError with its error text or UNKNOWN_ERROR_MESSAGE. */
export async function checkedAnswer<T>(call: Promise<T>): Promise<NonNullable<T>> {
  const res = await call;
  if (!res) throw new ApiError(FAILED_ANSWER_STATUS, UNKNOWN_ERROR_MESSAGE);
  const r = res as { status?: unknown; message?: unknown; error?: unknown };
  if (r.status === 'error') {
    const text = [r.message, r.error].find((t): t is string => typeof t === 'string' && t.trim() !== '');
    throw new ApiError(FAILED_ANSWER_STATUS, text ?? UNKNOWN_ERROR_MESSAGE);
  }
  return res;
}

/** The text to show for a failed order or invoice call. */
export function answerErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : UNKNOWN_ERROR_MESSAGE;
}
