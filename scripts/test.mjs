// `npm test`: typecheck, build, unit tests (Node), API tests (workerd), browser tests (Playwright + chromium), the
// crash test (SIGKILLs of the local server, test/crash/).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { root } from "./lib/local.mjs";

process.chdir(root);
const reports = path.join(root, "node_modules/.cache/test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function step(name, cmd, args) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    summary();
    process.exit(r.status ?? 1);
  }
}

const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
// Reporters given here replace the config's: the browser suite's flaky-journey reporter is named again.
const extraReporters = { e2e: ["--reporter=./test/e2e/flaky-reporter.ts"] };
const suite = (name, config) =>
  step(name, process.execPath, [vitest, "run", "--config", config, "--reporter=default", ...(extraReporters[name] ?? []), "--reporter=json", `--outputFile.json=${path.join(reports, `${name}.json`)}`]);

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ["unit", "api", "e2e", "crash"]) {
    const file = path.join(reports, `${name}.json`);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

step("typecheck", process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit"]);
step("build", process.execPath, [path.join(root, "scripts/build.mjs")]);
suite("unit", "vitest.unit.config.ts");
suite("api", "vitest.config.ts");
suite("e2e", "vitest.e2e.config.ts");
// After the browser step: it reuses that step's build and seeded-state template (scripts/lib/local.mjs prepareState).
suite("crash", "vitest.crash.config.ts");
summary();
