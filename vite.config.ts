import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

// React Router 7 framework mode (docs/decisions/160-react-router-7.md); route files and SSR settings live in
// app/routes.ts and react-router.config.ts. The server bundle targets workerd: workers/index.ts imports it.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: { minify: true, cssMinify: true },
});
