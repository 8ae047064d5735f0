// `npm start`: build, apply local migrations, seed demo data, serve everything on http://localhost:8787 offline (the app
// and, beside it, the report renderer Worker: scripts/lib/local.mjs startServer).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { applyMigrations, ensureDevVars, root, seed, startServer, stateKey } from "./lib/local.mjs";

ensureDevVars();
if (!process.argv.includes("--no-build")) {
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
// Migrations, seed and fonts take six wrangler CLI runs (each starts its own workerd: most of a start's time). They
// are idempotent, so they are skipped when the local state was already brought up to this exact content (the same
// key the test templates use: migrations, seed SQL, fonts, wrangler); a changed migration or seed row runs them again.
const stamp = path.join(root, ".wrangler/state/energy-state-key");
const { key, seedSql } = await stateKey();
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== key) {
  applyMigrations();
  await seed(undefined, false, seedSql);
  writeFileSync(stamp, key);
} else console.log("Local database up to date (migrations, seed and fonts unchanged): skipped.");
const server = await startServer({ port: Number(process.env.PORT ?? 8787) });
console.log(`\n  节能评估 + 能源问答 is running: http://localhost:${process.env.PORT ?? 8787}/homePage\n`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void server.stop().then(() => process.exit(0)));
await new Promise(() => {});
