// Browser journeys: Playwright driving Debian's chromium against `wrangler dev` with fresh local D1/R2/DO state.
import { defineConfig } from "vitest/config";

/** The errors of a wait that ran out of time: Playwright's waits, our own (`toast`, `within … ms`), a test's timeout. */
export const E2E_RETRY_ON = /Timeout \d+ms exceeded|timed out in \d+ms|within \d+ ms/;

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./test/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server, one browser: files run one after another so they do not fight over 2 cores.
    fileParallelism: false,
    // A journey whose wait timed out runs once more: on the busy 2-core CI machine a page has stalled now and then
    // (decision 177). A wrong value, status or text is never retried. A journey that passed only on its retry is
    // named at the end of the run, with the first attempt's error (flaky-reporter.ts).
    retry: { count: 1, condition: E2E_RETRY_ON },
    reporters: ["default", "./test/e2e/flaky-reporter.ts"],
  },
});
