// Reading the Worker's environment: optional settings and secrets (not in wrangler.toml) with safe defaults.
export type OptionalEnv = Record<string, string | undefined>;

/** A setting's trimmed value, or undefined when unset or blank. */
export function opt(env: Env, name: string): string | undefined {
  const v = (env as unknown as OptionalEnv)[name];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/** The local development environment (wrangler dev, tests): the only one where dev stand-ins exist. */
export const isLocal = (env: Pick<Env, "APP_ENV">) => env.APP_ENV === "local";
