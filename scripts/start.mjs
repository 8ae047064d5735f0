// `npm start`: build, apply local migrations, seed demo data, serve everything on http://localhost:8787 offline (the app
// and, beside it, the report renderer Worker: scripts/lib/local.mjs startServer).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { applyMigrations, ensureDevVars, root, seed, startServer } from "./lib/local.mjs";

ensureDevVars();
if (!process.argv.includes("--no-build")) {
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
applyMigrations();
await seed();
const server = await startServer({ port: Number(process.env.PORT ?? 8787) });
console.log(`\n  节能评估 + 能源问答 is running: http://localhost:${process.env.PORT ?? 8787}/homePage\n`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void server.stop().then(() => process.exit(0)));
await new Promise(() => {});
