// Fresh local state for every run: migrations + seed + the browser tests' own fixtures into a throwaway persist dir,
// then wrangler dev on a test port.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDevVars, persistArgs, prepareState, root, startServer, wrangler } from "../../scripts/lib/local.mjs";
import { renderStatementsSql } from "../../db/seed/apply";
import { e2eFixtureStatements } from "./fixtures";
import { serverLogFile } from "./server-log";

export default async function setup(project: TestProject) {
  // Port and state dir per run, so parallel runs (E2E_PORT=…) never share a database.
  const port = Number(process.env.E2E_PORT ?? 8799);
  const persistTo = path.join(root, `.wrangler/e2e-state-${port}`);
  ensureDevVars();
  // Migrations + seed through the cached template (the crash test after this step copies the same one).
  await prepareState(persistTo, true);
  // Before the server starts: nothing else has the database open.
  const fixtures = path.join(root, `.wrangler/e2e-fixtures-${port}.sql`);
  writeFileSync(fixtures, renderStatementsSql(await e2eFixtureStatements()));
  wrangler(["d1", "execute", "DB", "--local", "--file", fixtures, ...persistArgs(persistTo)], { quiet: true });
  // Quiet, but kept in a file: a journey that times out prints its tail (browser.ts serverLogTail).
  const server = await startServer({ port, persistTo, quiet: true, logFile: serverLogFile(port) });
  await warmUp(server.url);
  project.provide("baseUrl", server.url);
  return () => server.stop();
}

/**
 * A fresh workerd compiles each page's modules and reads each asset the first time it is asked: the first journey
 * then spent most of its 30 s waiting. Ask for the common pages and their scripts once before any journey starts.
 */
async function warmUp(base: string) {
  for (const page of ["/homePage", "/login", "/energySavingQA", "/register", "/workbench"]) {
    const html = await fetch(base + page).then((r) => r.text()).catch(() => "");
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    await Promise.all(assets.map((a) => fetch(base + a).then((r) => r.arrayBuffer()).catch(() => null)));
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
