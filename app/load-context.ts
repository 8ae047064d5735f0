// Cloudflare bindings typed into Remix's load context (the Worker passes { cloudflare: { env, ctx } }).
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

export {};
