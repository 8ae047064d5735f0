// Account settings read from the environment with safe defaults (secrets are not in wrangler.toml).
import { isLocal, opt } from "../../lib/env";

export { isLocal, opt } from "../../lib/env";
export const oauthIsDev = ({ env }: { env: Env }) => (env.OAUTH_MODE ?? "dev") === "dev";

/** Key for hashing SMS codes: a dedicated secret if set, else derived from the JWT secret. */
export function smsCodeKey({ env }: { env: Env }): string {
  return `sms-code:${opt(env, "SMS_CODE_SECRET") ?? env.JWT_SECRET ?? ""}`;
}

/**
 * The client IP as Cloudflare reports it. `cf-connecting-ip` is set by Cloudflare's edge and cannot be forged
 * through it; `x-real-ip` is whatever the client sent, so it is read only locally (tests and dev tools set it).
 */
export function clientIp({ env, req }: { env: Pick<Env, "APP_ENV">; req: Request }): string {
  const edge = req.headers.get("cf-connecting-ip");
  if (edge) return edge;
  return (isLocal(env) && req.headers.get("x-real-ip")) || "unknown";
}
