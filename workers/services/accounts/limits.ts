// Abuse limits (spec 1 §9, issue 8): SMS sends per phone and per IP, failed logins per account and per IP.
// Counted over sliding windows from D1 rows (see docs/decisions/010-rate-limits-in-d1.md).
import { MINUTE, HOUR, DAY } from "../../lib/time";

export const SMS_CODE_TTL_MS = 5 * MINUTE;
export const SMS_MAX_WRONG_TRIES = 5;
/** How long a step-1 verification (forgot password, phone change) stays good for the next step. */
export const SMS_VERIFIED_GRACE_MS = 10 * MINUTE;

export const SMS_PHONE_LIMITS = [
  { windowMs: MINUTE, max: 1, msg: "验证码发送过于频繁，请60秒后再试" },
  { windowMs: HOUR, max: 5, msg: "该手机号1小时内获取验证码次数已达上限，请稍后再试" },
  { windowMs: DAY, max: 10, msg: "该手机号今日获取验证码次数已达上限，请明天再试" },
] as const;

export const SMS_IP_LIMITS = [
  { windowMs: HOUR, max: 20, msg: "当前网络获取验证码过于频繁，请稍后再试" },
  { windowMs: DAY, max: 50, msg: "当前网络今日获取验证码次数已达上限，请明天再试" },
] as const;

export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_LOCKED_ACCOUNT_MSG = "登录失败次数过多，账号已临时锁定，请15分钟后再试";
export const LOGIN_LOCKED_IP_MSG = "当前网络登录失败次数过多，请15分钟后再试";
