// Fresh local state for every run: migrations + seed into a throwaway persist dir, then wrangler dev on a test port.
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, ensureDevVars, root, seed, startServer } from "../../scripts/lib/local.mjs";

export default async function setup(project: TestProject) {
  // Port and state dir per run, so parallel runs (E2E_PORT=…) never share a database.
  const port = Number(process.env.E2E_PORT ?? 8799);
  const persistTo = path.join(root, `.wrangler/e2e-state-${port}`);
  rmSync(persistTo, { recursive: true, force: true });
  ensureDevVars();
  applyMigrations(persistTo, true);
  await seed(persistTo, true);
  const server = await startServer({ port, persistTo, quiet: true });
  project.provide("baseUrl", server.url);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
