// Operator script: rebuild the Q&A search index (qa_search) of the local D1 from the base tables.
// Usage: node db/seed/qa/reindex.mjs   (uses wrangler's local state, like `wrangler dev`)
import { build } from "esbuild";
import { getPlatformProxy } from "wrangler";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const bundle = await build({
  stdin: {
    contents: `export { rebuildSearchIndex } from "./workers/services/qa/search-index";\nexport { recountVisibleQuestions } from "./workers/services/qa/counters";\nexport { getDb } from "./workers/lib/db";`,
    resolveDir: ROOT,
    loader: "ts",
  },
  bundle: true,
  write: false,
  format: "esm",
  platform: "node",
  logLevel: "silent",
});
const mod = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString("base64")}`);
const { env, dispose } = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: true });
try {
  const db = mod.getDb(env.DB);
  const started = Date.now();
  const indexed = await mod.rebuildSearchIndex(db);
  await mod.recountVisibleQuestions(db);
  console.log(JSON.stringify({ indexed, ms: Date.now() - started }));
} finally {
  await dispose();
}
