// The production entry's bundle holds none of the dev stand-ins (Alipay gateway, OAuth server, SMS outbox API);
// the local entry's does. Bundled with esbuild as wrangler does, without the Remix build (the API side is where the
// stand-ins lived), and judged by the bundle's list of input files.
import { build } from "esbuild";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");
const STANDINS = ["workers/providers/alipay/dev-gateway.ts", "workers/providers/oauth/dev-server.ts", "workers/api/dev.ts", "workers/api/dev-standins.ts"];

async function inputsOf(entryCode: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: entryCode, resolveDir: path.join(ROOT, "workers"), loader: "ts" },
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    // As wrangler with nodejs_compat: the runtime provides these.
    external: ["cloudflare:*", "node:*", "*.wasm", ...builtinModules],
    alias: {
      "yoga-layout/load": path.join(ROOT, "workers/reports/shims/yoga-load.js"),
      "@react-pdf/reconciler": path.join(ROOT, "workers/reports/shims/reconciler.js"),
    },
    logLevel: "silent",
  });
  return Object.keys(result.metafile!.inputs);
}

describe("production bundle", () => {
  it("the production API (workers/handlers.ts, as workers/index.ts uses it) bundles no dev stand-in", async () => {
    const inputs = await inputsOf(`export * from "./handlers"; export { UserChannel } from "./durable/user-channel";`);
    expect(inputs.some((f) => f.endsWith("workers/api/app.ts"))).toBe(true);
    for (const f of STANDINS) expect(inputs.filter((i) => i.endsWith(f)), f).toEqual([]);
  }, 60_000);

  it("the local entry's API side does bundle them", async () => {
    const inputs = await inputsOf(`import { api } from "./api/app"; import { mountDevStandins } from "./api/dev-standins"; mountDevStandins(api); export * from "./handlers";`);
    for (const f of STANDINS) expect(inputs.filter((i) => i.endsWith(f)).length, f).toBe(1);
  }, 60_000);
});
