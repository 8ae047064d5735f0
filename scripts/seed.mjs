// `npm run seed`: apply the local D1 migrations and (re)seed the demo data into the local state `npm start` uses,
// without building or serving. Idempotent (every seed statement is an upsert keyed on a stable id).
import { applyMigrations, ensureDevVars, seed } from "./lib/local.mjs";

ensureDevVars();
applyMigrations();
await seed();
console.log("seeded local D1 (.wrangler/state)");
