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
