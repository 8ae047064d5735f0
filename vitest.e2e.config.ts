// Browser journeys: Playwright driving Debian's chromium against `wrangler dev` with fresh local D1/R2/DO state.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./test/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server, one browser: files run one after another so they do not fight over 2 cores.
    fileParallelism: false,
  },
});
