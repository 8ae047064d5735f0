// `npm start`: build, apply local migrations, seed demo data, serve everything on http://localhost:8787 offline.
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
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { server.stop(); process.exit(0); });
await new Promise(() => {});
