// Secrets are not in wrangler.toml (they come from .dev.vars locally and `wrangler secret put` in production).
declare namespace Cloudflare {
  interface Env {
    JWT_SECRET: string;
  }
}
