// Envelope codes and shared messages from spec 1 §7–§9; one place for every code the client reacts to.
export const CODE = {
  OK: 10000,
  /** Generic business failure: the client shows msg as an error toast. */
  FAIL: 10001,
  VALIDATION: 10002,
  NOT_FOUND: 10004,
  FORBIDDEN: 10003,
  RATE_LIMITED: 10029,
  SERVER_ERROR: 10500,
  /** Session expiry codes (spec 1 §4): the client drops the token and goes to login. */
  SESSION_EXPIRED: 401,
  SESSION_REVOKED: 402,
  TOKEN_INVALID: 11000,
} as const;

export const MSG = {
  sessionExpired: "用户信息失效，请重新登录",
  forbidden: "无权访问该内容",
  notFound: "请求的内容不存在",
  serverError: "服务器开小差了，请稍后再试",
  badRequest: "请求参数有误",
  featureDisabled: "该功能暂未开通",
  rateLimited: "操作过于频繁，请稍后再试",
} as const;

export const SESSION_EXPIRY_CODES: readonly number[] = [
  CODE.SESSION_EXPIRED,
  CODE.SESSION_REVOKED,
  CODE.TOKEN_INVALID,
];
