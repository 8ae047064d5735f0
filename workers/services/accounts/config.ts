// Account settings read from the environment with safe defaults (secrets are not in wrangler.toml).
import { opt } from "../../lib/env";

export { isLocal, opt } from "../../lib/env";
export const oauthIsDev = (env: Env) => (env.OAUTH_MODE ?? "dev") === "dev";

/** Key for hashing SMS codes: a dedicated secret if set, else derived from the JWT secret. */
export function smsCodeKey(env: Env): string {
  return `sms-code:${opt(env, "SMS_CODE_SECRET") ?? env.JWT_SECRET ?? ""}`;
}

/** The client IP as Cloudflare reports it. */
export function clientIp(req: Request): string {
  return req.headers.get("cf-connecting-ip") ?? req.headers.get("x-real-ip") ?? "unknown";
}
