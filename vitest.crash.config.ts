// The crash test (test/crash/): Node, one file, against a local server it starts and kills itself (needs a build).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/crash/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    // Migrations, seed and fonts through wrangler: minutes on a loaded 2-core machine.
    hookTimeout: 15 * 60_000,
  },
});
