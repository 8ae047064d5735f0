// Integration tests inside workerd: real local D1, R2, Durable Objects and Queues through miniflare.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  // wrangler.toml names build/client as the assets directory; API tests do not serve assets but need it to exist.
  mkdirSync(path.join(__dirname, "build/client"), { recursive: true });
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./test/api/worker-entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // Test-only secret; real secrets come from the environment (.dev.vars locally, wrangler secret in production).
            JWT_SECRET: "test-only-jwt-secret-0123456789abcdef0123456789",
          },
        },
      }),
    ],
    test: {
      include: ["test/api/**/*.test.ts"],
      setupFiles: ["./test/api/setup.ts"],
    },
  };
});
