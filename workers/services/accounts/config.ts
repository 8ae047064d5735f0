// Optional account settings read from the environment with safe defaults (secrets are not in wrangler.toml).
export type OptionalEnv = Record<string, string | undefined>;

export function opt(env: Env, name: string): string | undefined {
  const v = (env as unknown as OptionalEnv)[name];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

export const isLocal = (env: Env) => env.APP_ENV === "local";
export const oauthIsDev = (env: Env) => (env.OAUTH_MODE ?? "dev") === "dev";

/** Key for hashing SMS codes: a dedicated secret if set, else derived from the JWT secret. */
export function smsCodeKey(env: Env): string {
  return `sms-code:${opt(env, "SMS_CODE_SECRET") ?? env.JWT_SECRET ?? ""}`;
}

/** The client IP as Cloudflare reports it. */
export function clientIp(req: Request): string {
  return req.headers.get("cf-connecting-ip") ?? req.headers.get("x-real-ip") ?? "unknown";
}
