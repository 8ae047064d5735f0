// Unit tests: pure logic (engines, validation, helpers) run in Node, no Worker runtime needed.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts"],
    environment: "node",
  },
});
