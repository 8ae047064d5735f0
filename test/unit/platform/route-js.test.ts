// JavaScript each page loads at first load, from the built client's React Router manifest (bench/route-js.mjs):
// bytes are work a phone must download, parse and run, so a test may bound them (npm test builds first).
// Issue 23's budgets are 200 KiB gzip for public pages and 300 KiB for /workbench; every page here meets its
// budget, which is the bound (a change that adds JavaScript to one of them fails here; the gap is printed).
import { describe, expect, it } from "vitest";
import { BUDGETED_PUBLIC_ROUTES, ROUTE_JS_BUDGET_KIB, routeJsBytes } from "../../../bench/route-js.mjs";

const KIB = 1024;
/** gzip KiB measured on 2026-11-28 (fifth session), after dayjs and its zh-cn locale moved from the root to the
 * workbench form (the only date picker): public pages 179.7-187.6, the question detail 196.3, /workbench 295.1.
 * Each bound is its budget. */
const CEILING_KIB: Record<string, number> = {
  "routes/homePage": 200,
  "routes/login": 200,
  "routes/about": 200,
  "routes/electricDetail": 200,
  "routes/machineDetail": 200,
  "routes/costDetail": 200,
  "routes/energySavingQA._index": 200,
  "routes/energySavingQA.details": 200,
  "routes/workbench": 300,
};

describe("JavaScript per route at first load (issue 23)", () => {
  const bytes = routeJsBytes() as Record<string, { gzip: number; files: number }>;

  it("every budgeted route is in the build", () => {
    for (const id of [...BUDGETED_PUBLIC_ROUTES, "routes/workbench"]) expect(bytes[id], id).toBeDefined();
  });

  for (const id of Object.keys(CEILING_KIB)) {
    it(`${id} stays within its ceiling (budget ${id === "routes/workbench" ? ROUTE_JS_BUDGET_KIB.workbench : ROUTE_JS_BUDGET_KIB.public} KiB)`, () => {
      const budget = id === "routes/workbench" ? ROUTE_JS_BUDGET_KIB.workbench : ROUTE_JS_BUDGET_KIB.public;
      const bound = Math.max(budget, CEILING_KIB[id]!) * KIB;
      const kib = bytes[id]!.gzip / KIB;
      if (kib > budget) console.info(`${id}: ${kib.toFixed(1)} KiB gzip, ${(kib - budget).toFixed(1)} KiB over the ${budget} KiB budget`);
      expect(bytes[id]!.gzip).toBeLessThanOrEqual(bound);
    });
  }
});
