/** The closed set of v1 error codes (interface.md) and their HTTP status. */
export const errorStatus = {
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  FAILED_PRECONDITION: 422,
  RESOURCE_EXHAUSTED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** An error a client may see: code, message and optional details, nothing else. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers, e.g. the bearer challenge or Retry-After. */
    readonly headers?: Record<string, string>,
    /** The HTTP status when the code's own does not fit (405 for an unsupported method). */
    private readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return this.httpStatus ?? errorStatus[this.code];
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const invalid = (message: string, details?: Record<string, unknown>) =>
  new AppError('INVALID_ARGUMENT', message, details);

/** The INVALID_ARGUMENT a replacing operation answers when `confirm: true` is missing. */
export function confirmRequired(message: string, wouldChange: unknown): AppError {
  return new AppError('INVALID_ARGUMENT', `${message} Nothing was written; repeat with "confirm": true to apply.`, {
    confirmRequired: true,
    wouldChange,
  });
}

/** 405: a known path called with a method it does not support; `Allow` lists the ones it does. */
export const methodNotAllowed = (method: string, path: string, allow: string) =>
  new AppError(
    'INVALID_ARGUMENT',
    `${method} is not supported on ${path}; use ${allow}`,
    undefined,
    { Allow: allow },
    405,
  );
