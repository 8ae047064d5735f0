import type { Config } from "@react-router/dev/config";

// Server-rendered pages from app/ into build/ (build/client: static assets; build/server: the bundle the Worker
// imports). Remix v2's v3_* future flags are React Router 7's defaults.
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
