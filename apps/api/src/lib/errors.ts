import { MSG } from '@umrah/domain';

/** An error whose Dutch message may be shown to the user as it is. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly error: string = defaultErrorName(statusCode),
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

export function defaultErrorName(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 409:
      return 'Conflict';
    case 413:
      return 'Payload Too Large';
    case 415:
      return 'Unsupported Media Type';
    case 422:
      return 'Unprocessable Entity';
    case 429:
      return 'Too Many Requests';
    default:
      return status >= 500 ? 'Internal Server Error' : 'Error';
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, message, undefined, details);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** PostgreSQL's unique violation (23505), from either driver. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/**
 * Runs a write that a unique index may refuse: then `duplicate()` is thrown instead (the 409 of two
 * requests racing for one e-mail address, code or place, which the checks before it could not see).
 */
export async function refusingDuplicates<T>(duplicate: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** The SQLSTATE of a database error: on the error itself (pg, PGlite) or on its cause (drizzle wraps them). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const DB_MSG = {
  invalidDate: 'Ongeldige datum.',
  inUse: 'Dit kan niet: er zijn andere gegevens aan gekoppeld, of een gekoppeld gegeven bestaat niet.',
  exists: 'Dit bestaat al.',
  tooLong: 'Deze tekst is te lang.',
} as const;

/**
 * A database error caused by the input, as the Dutch 4xx it deserves; null for anything else (a real
 * server fault, which stays a logged 500). The schemas refuse these inputs first: this is the last line.
 */
export function dbErrorToAppError(err: unknown): AppError | null {
  switch (sqlState(err)) {
    case '22021': // invalid byte sequence (a NUL in text)
    case '22P05': // untranslatable character (a NUL or lone surrogate escape in jsonb)
    case '22P02': // invalid text representation (e.g. 'abc' for an integer)
    case '22003': // numeric value out of range (an id above 2^31-1)
    case '22023': // invalid parameter value
    case '22025': // invalid escape sequence
    case '2201W': // invalid LIMIT
    case '2201X': // invalid OFFSET
    case '54000': // program limit exceeded (a value too large for an index row)
      return new AppError(400, MSG.invalidInput);
    case '22001': // string data right truncation
    case '23514': // check violation: a text over the database's length limit (migration 0006)
      return new AppError(400, DB_MSG.tooLong);
    case '22007': // invalid datetime format
    case '22008': // datetime field overflow ('2001-02-31', '0000-01-01')
      return new AppError(400, DB_MSG.invalidDate);
    case '23503': // foreign key violation (deleting what others point at, or pointing at nothing)
      return new AppError(409, DB_MSG.inUse);
    case '23505': // unique violation that no service check caught first
      return new AppError(409, DB_MSG.exists);
    default:
      return null;
  }
}
