// The shape of the code (issue 16, docs/conventions.md), checked over the source files: data access through drizzle
// (no private client, no raw prepare), report statuses by name, card codes only in the card registry and the card
// modules, imports in the documented direction (no cycles on the survey → report → payment path, providers never
// reach into services, services never into the report runtime, pages never query the database themselves), and the
// dev SMS switch failing closed outside APP_ENV=local.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { smsProvider } from "../../../workers/providers/sms";
import type { Db } from "../../../workers/lib/db";

const ROOT = path.resolve(__dirname, "../../..");

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join("/");
const FILES = [...walk(path.join(ROOT, "workers")), ...walk(path.join(ROOT, "app"))].map((f) => ({ file: rel(f), src: readFileSync(f, "utf8") }));
/** Source without comments, so prose about a rule does not break it. */
const code = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** file:line of every match of `re` in the code of the files `where` selects. */
function hits(re: RegExp, where: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const { file, src } of FILES) {
    if (!where(file)) continue;
    code(src)
      .split("\n")
      .forEach((line, i) => {
        if (re.test(line)) out.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return out;
}

// ---- import graph (runtime imports only: `import type` and `export type` vanish at build) ----

const IMPORT_RE = /^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(ROOT, path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(c) && statSync(c).isFile()) return rel(c);
  }
  return null;
}

function importsOf(file: string, src: string, includeTypes = false): string[] {
  const out: string[] = [];
  for (const m of code(src).matchAll(IMPORT_RE)) {
    if (m[1] && !includeTypes) continue;
    if (/^\s*import\s*\{\s*type\s[^}]*\}\s*from/.test(m[0]) && !/,\s*(?!type\s)\w/.test(m[0]) && !includeTypes) continue;
    const target = resolveImport(file, m[2]!);
    if (target) out.push(target);
  }
  return out;
}

const GRAPH = new Map(FILES.map(({ file, src }) => [file, importsOf(file, src)]));

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe("data access on drizzle (issue 16 item 1)", () => {
  it("no drizzle private client and no D1 prepare in workers/ or app/", () => {
    expect(hits(/\$client\b|\.prepare\(/, () => true)).toEqual([]);
  });

  it("no raw db.run/db.all/db.get/db.values handed to a batch: every batch item is a builder (checked by type: DbStatement)", () => {
    // db.batch and dbBatch take BatchItem<"sqlite">; a raw statement with parameters compiles but fails at run time
    // in drizzle 0.45, so none is built where a batch is assembled.
    const raw = hits(/\bdb\.(run|all|get|values)\s*(<[^>]*>)?\s*\(/, (f) => f.startsWith("workers/"));
    const inBatches = raw.filter((h) => /batch|Statement|statements/i.test(h));
    expect(inBatches).toEqual([]);
  });
});

describe("report status by name (issue 16 item 2)", () => {
  it("no bare -1/0/1/2/3 compared with or assigned to a report status", () => {
    const status = /(disposeStatus|formStatus|\bstatus)\s*(===|!==|==|!=)\s*-?[0-3]\b|disposeStatus:\s*-?[0-3]\b|disposeStatusText\(\s*-?\d|dispose_status\s*(=|IN|<>|!=)\s*\(?\s*-?\d/;
    const where = (f: string) => f.startsWith("app/workbench/") || f.startsWith("workers/services/workbench/") || f.startsWith("workers/reports/") || f.startsWith("workers/jobs/");
    expect(hits(status, where)).toEqual([]);
    // Maps keyed by status use the names too (the contract's DISPOSE_STATUS_TEXT, the list's tag colours).
    const keyed = /\{\s*\[-1\]\s*:|^\s*-?[0-3]\s*:\s*"(生成|报告|未生成)|,\s*[0-3]:\s*"(processing|success|error|default)"/;
    expect(hits(keyed, (f) => where(f) || f === "workers/contract/workbench.ts")).toEqual([]);
  });
});

describe("card codes only in the registry and the card modules (issue 16 item 3)", () => {
  it("no code outside workers/cards, the engines and the report models names a card", () => {
    const allowed = (f: string) =>
      f.startsWith("workers/cards/") ||
      f.startsWith("workers/engines/") ||
      (f.startsWith("workers/reports/model/") && f !== "workers/reports/model/figures.ts") ||
      // The marketing detail pages (one route per card URL of the spec) and their text.
      f.startsWith("app/portal/") ||
      /^app\/routes\/(electricDetail|machineDetail|costDetail)\.tsx$/.test(f) ||
      // Figures stored before energyIncrease existed (read-side compatibility, see headlineTiles).
      f === "workers/reports/model/figures.ts" ||
      // The operator's PDF check fills one survey per card from the test fixtures.
      f === "workers/reports/check-pdfs.mjs";
    expect(hits(/["'](motor|stenter|electricity|compressed_air)["']/, (f) => !allowed(f))).toEqual([]);
    // The one read-side exception stays one line.
    expect(hits(/["']electricity["']/, (f) => f === "workers/reports/model/figures.ts")).toHaveLength(1);
  });
});

describe("imports in the documented direction (issue 16 item 4)", () => {
  it("no import cycle anywhere in workers/ or app/ (the survey → report → payment path and the shared layers included)", () => {
    expect(cycles(GRAPH)).toEqual([]);
    // The graph does cover the path: the report job reaches the card registry and the publication service.
    expect(GRAPH.get("workers/reports/build.ts")).toContain("workers/cards/index.ts");
    expect(GRAPH.get("workers/reports/job.ts")).toContain("workers/services/workbench/publication.ts");
  });

  it("the cycle finder finds a cycle (so the check above can fail)", () => {
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
  });

  it("providers import only lib/, contract/, other provider files and db/schema — never services or the API", () => {
    const bad: string[] = [];
    for (const { file, src } of FILES) {
      if (!file.startsWith("workers/providers/")) continue;
      for (const t of importsOf(file, src, true)) {
        if (!(t.startsWith("workers/lib/") || t.startsWith("workers/contract/") || t.startsWith("workers/providers/") || t.startsWith("db/schema"))) bad.push(`${file} → ${t}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("services never import the report runtime (only reports/model and figures through the card registry)", () => {
    const bad: string[] = [];
    for (const [file, targets] of GRAPH) {
      if (!file.startsWith("workers/services/")) continue;
      for (const t of targets) if (t.startsWith("workers/reports/") && !t.startsWith("workers/reports/model/") && t !== "workers/reports/model/figures.ts") bad.push(`${file} → ${t}`);
    }
    expect(bad).toEqual([]);
  });

  it("payment orders never reach the Alipay flow (the flow uses orders, not the other way round)", () => {
    const reached = new Set<string>();
    const walkFrom = (f: string) => {
      for (const t of GRAPH.get(f) ?? []) if (!reached.has(t)) reached.add(t), walkFrom(t);
    };
    walkFrom("workers/services/payment/orders.ts");
    expect(reached.has("workers/services/payment/alipay.ts")).toBe(false);
    expect(GRAPH.get("workers/services/payment/alipay.ts")).toContain("workers/services/payment/orders.ts");
  });

  it("pages never query the database themselves: app/ imports no drizzle-orm and no db/schema (loaders call services)", () => {
    expect(hits(/from\s+["'](drizzle-orm[^"']*|[./]*db\/schema[^"']*)["']/, (f) => f.startsWith("app/"))).toEqual([]);
  });

  it("one hex encoder, one HTML escaper, one China offset: no private copies outside workers/lib", () => {
    const outsideLib = (f: string) => !f.startsWith("workers/lib/");
    expect(hits(/toString\(16\)\.padStart\(2/, outsideLib)).toEqual([]);
    expect(hits(/8 \* 3_?600|8 \* 60 \* 60|28_?800_?000/, outsideLib)).toEqual([]);
    expect(hits(/&#\$\{|\.replace\(\/&\/g, "&amp;"\)/, outsideLib)).toEqual([]);
  });
});

describe("dev SMS stand-in (issue 16 item 4)", () => {
  const db = {} as Db;
  it("SMS_PROVIDER=dev works only with APP_ENV=local; elsewhere it fails closed", () => {
    expect(smsProvider({ APP_ENV: "local", SMS_PROVIDER: "dev" } as Env, db).name).toBe("dev");
    expect(() => smsProvider({ APP_ENV: "production", SMS_PROVIDER: "dev" } as Env, db)).toThrow(/SMS_PROVIDER=dev/);
    expect(() => smsProvider({ APP_ENV: "production" } as Env, db)).toThrow(/SMS_PROVIDER=dev/);
  });
});
