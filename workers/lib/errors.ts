// The one error type services throw; the API error handler turns it into the {code,msg,data} envelope.
import { CODE, MSG } from "./codes";

export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
    /** HTTP status; 200 for envelope errors because the spec's client reads the body. */
    public readonly status: 200 | 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 = 200,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const fail = (msg: string, data: unknown = null) => new AppError(CODE.FAIL, msg, data);
export const invalid = (msg: string, data: unknown = null) => new AppError(CODE.VALIDATION, msg, data);
export const notFound = (msg: string = MSG.notFound) => new AppError(CODE.NOT_FOUND, msg);
export const forbidden = (msg: string = MSG.forbidden) => new AppError(CODE.FORBIDDEN, msg);
export const sessionExpired = (code: number = CODE.SESSION_EXPIRED) =>
  new AppError(code, MSG.sessionExpired);
export const rateLimited = (msg: string = MSG.rateLimited) => new AppError(CODE.RATE_LIMITED, msg);

/** Assert a condition that the caller's input must satisfy; throws a business failure otherwise. */
export function ensure(condition: unknown, msg: string): asserts condition {
  if (!condition) throw fail(msg);
}
