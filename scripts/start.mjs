// `npm start`: build, apply local migrations, seed demo data, serve everything on http://localhost:8787 offline (the app
// and, beside it, the report renderer Worker: scripts/lib/local.mjs startServer).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { buildState, ensureDevVars, prepareState, root, startServer, stateKey } from "./lib/local.mjs";

ensureDevVars();
if (!process.argv.includes("--no-build")) {
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
// Migrations, seed and fonts are wrangler CLI runs (each starts its own workerd: most of a first start's time). A
// fresh checkout (no local database yet) copies the seeded-state template the tests share, building it once if no
// run made it (scripts/lib/local.mjs prepareState). An existing database keeps its data: the idempotent steps run
// again only when its content key (migrations, seed SQL, fonts, wrangler) changed since the last start.
const stateDir = path.join(root, ".wrangler/state");
const stamp = path.join(stateDir, "energy-state-key");
const timed = async (what, step) => {
  const t = Date.now();
  await step();
  console.log(`${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
};
const state = await stateKey();
const { key, seedSql } = state;
if (!existsSync(path.join(stateDir, "v3/d1"))) {
  await timed("Local database created (migrations, seed, fonts)", () => prepareState(stateDir, false, state));
  writeFileSync(stamp, key);
} else if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== key) {
  await timed("Local database brought up to date (migrations, seed, fonts)", () => buildState(undefined, false, seedSql));
  writeFileSync(stamp, key);
} else console.log("Local database up to date (migrations, seed and fonts unchanged): skipped.");
// The debugger on wrangler's usual port, for `chrome://inspect`.
const server = await startServer({ port: Number(process.env.PORT ?? 8787), inspectorPort: Number(process.env.INSPECTOR_PORT ?? 9229) });
console.log(`\n  节能评估 + 能源问答 is running: http://localhost:${process.env.PORT ?? 8787}/homePage\n`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void server.stop().then(() => process.exit(0)));
await new Promise(() => {});
