import type { ErrorBody } from '../../shared/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
  }
}

/** A 429: the error middleware sends `retryAfter` (whole seconds) as the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const badRequest = (message: string, errors?: ErrorBody['errors']) =>
  new AppError(400, 'invalid_request', message, errors);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
