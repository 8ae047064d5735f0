// Unit tests: pure logic (engines, validation, helpers) run in Node, no Worker runtime needed.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Hang-only bounds (issue 26 item 12): CI is a busy 2-core machine; tests bound work, timing lives in npm run bench.
    testTimeout: 30_000,
    include: ["test/unit/**/*.test.ts"],
    environment: "node",
  },
});
