// The crash test (test/crash/): Node, one file, against a local server it starts and kills itself (needs a build).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/crash/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    // Hang bounds only: the test itself waits at most 5 minutes for recovery (test/crash/crash.test.ts).
    testTimeout: 15 * 60_000,
    // The seeded state is a copy of the cached template; without one (run alone on a fresh clone), migrations, seed
    // and fonts go through wrangler: minutes on a loaded 2-core machine.
    hookTimeout: 10 * 60_000,
  },
});
