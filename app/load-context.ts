// Cloudflare bindings typed into React Router's load context (the Worker passes { cloudflare: { env, ctx } }).
declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** This response's CSP nonce: every inline script the page renders carries it (workers/lib/security-headers.ts). */
    nonce: string;
    /** False when only the catch-all route ($.tsx, 404) serves the path (app/lib/known-path.ts). */
    knownPath?: boolean;
  }
}

export {};
