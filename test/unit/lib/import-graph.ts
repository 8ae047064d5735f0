// The import graph of workers/, app/ and db/ as the architecture test reads it (issue 21 item 2): every import a
// file names — runtime, `import type`/`export type` and lazy `import("…")` alike, because a circle closed by a type
// or a lazy import is still a circle for a reader — and the folder-level "rooms" with the layering they follow.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

export const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join("/");

/** Source without comments, so prose about a rule does not break it. */
export const code = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

export interface SourceFile {
  file: string;
  src: string;
}

export function sourceFiles(roots: readonly string[], root = ROOT): SourceFile[] {
  return roots.flatMap((r) => walk(path.join(root, r))).map((f) => ({ file: path.relative(root, f).split(path.sep).join("/"), src: readFileSync(f, "utf8") }));
}

// Static imports and re-exports (type-only included), and dynamic import("…") calls.
const STATIC_RE = /^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;
const DYNAMIC_RE = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

export function resolveImport(from: string, spec: string, root = ROOT): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(root, path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  if (base.endsWith(".js")) candidates.push(base.replace(/\.js$/, ".ts"));
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return path.relative(root, c).split(path.sep).join("/");
  return null;
}

export interface ImportEdge {
  target: string;
  /** Erased at build: `import type`, `export type` or `import { type A, type B }`. */
  typeOnly: boolean;
  lazy: boolean;
}

export function importEdges(file: string, src: string, root = ROOT): ImportEdge[] {
  const out: ImportEdge[] = [];
  const body = code(src);
  for (const m of body.matchAll(STATIC_RE)) {
    const typeOnly = !!m[1] || (/^\s*(?:import|export)\s*\{\s*type\s[^}]*\}\s*from/.test(m[0]) && !/,\s*(?!type\s)\w/.test(m[0]));
    const target = resolveImport(file, m[2]!, root);
    if (target) out.push({ target, typeOnly, lazy: false });
  }
  for (const m of body.matchAll(DYNAMIC_RE)) {
    const target = resolveImport(file, m[1]!, root);
    if (target) out.push({ target, typeOnly: false, lazy: true });
  }
  return out;
}

/** Strongly connected components with more than one file (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
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

/**
 * The room (folder) a file belongs to: workers/<folder>, one room per service domain (workers/services/<domain>),
 * workers/reports/model apart from the report runtime, the cards' shared kit (workers/cards/kit), the card folders
 * (workers/cards/<card>, one room "workers/cards/*": no card imports another), the registry (workers/cards),
 * app/<folder>, db/<folder>; files directly under workers/ or app/ are their entry rooms.
 */
export function roomOf(file: string): string {
  const p = file.split("/");
  if (p[0] === "workers") {
    if (p.length === 2) return "workers/(entry)";
    if (p[1] === "services") return p.length === 3 ? "workers/services" : `workers/services/${p[2]}`;
    if (p[1] === "reports" && p[2] === "model" && p.length > 3) return "workers/reports/model";
    if (p[1] === "cards" && p[2] === "kit" && p.length > 3) return "workers/cards/kit";
    if (p[1] === "cards" && p.length > 3) return "workers/cards/*";
    return `workers/${p[1]}`;
  }
  if (p[0] === "app") return p.length === 2 ? "app/(root)" : `app/${p[1]}`;
  return p.length === 2 ? p[0]! : `${p[0]}/${p[1]}`;
}

/**
 * The layering, bottom first: a room may import rooms of lower rank; an arrow to a room of the same or higher rank
 * runs "back up". Pure layers at the bottom (lib, schema, contract, engines), then the cards and the report model
 * they fill, then the services in the order they use each other, the report runtime, the edges (jobs, API), the
 * pages (shared pieces before the areas that use them, routes last), and the entries and tools on top.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ["db/schema"],
  ["workers/lib"],
  ["workers/contract"],
  ["workers/engines", "workers/providers"],
  ["workers/reports/model"],
  ["workers/cards/kit"],
  ["workers/cards/*"],
  ["workers/cards"],
  ["workers/services/jobs"],
  ["workers/services/operators"],
  ["workers/services/messaging"],
  ["workers/services/moderation"],
  ["workers/services/workbench"],
  ["workers/services/plant"],
  ["workers/spreadsheets"],
  ["workers/services/invoice"],
  ["workers/services/payment"],
  ["workers/services/qa"],
  ["workers/services/qa-personal"],
  ["workers/services/accounts"],
  ["workers/services/portal"],
  ["workers/services/admin"],
  ["workers/services"],
  ["workers/reports"],
  ["workers/renderer"],
  ["workers/durable"],
  ["workers/jobs"],
  ["workers/api"],
  ["app/theme", "app/styles"],
  ["app/lib"],
  ["app/components"],
  ["app/portal"],
  ["app/payment"],
  ["app/orders"],
  ["app/accounts"],
  ["app/qa"],
  ["app/personal"],
  ["app/workbench"],
  ["app/admin"],
  ["app/(root)"],
  ["app/routes"],
  ["db/seed"],
  ["workers/(entry)"],
  ["scripts", "bench", "test"],
];

export function rankOf(room: string): number {
  const top = room.split("/")[0]!;
  const i = LAYERS.findIndex((l) => l.includes(room) || l.includes(top));
  return i < 0 ? LAYERS.length : i;
}

/** Folder-level arrows (room → room, with how many imports each carries) over every kind of import. */
export function roomArrows(files: readonly SourceFile[], root = ROOT): Map<string, number> {
  const arrows = new Map<string, number>();
  for (const { file, src } of files) {
    for (const { target } of importEdges(file, src, root)) {
      const a = roomOf(file);
      const b = roomOf(target);
      if (a === b) continue;
      const key = `${a} → ${b}`;
      arrows.set(key, (arrows.get(key) ?? 0) + 1);
    }
  }
  return arrows;
}

/** The arrows that run back up the layering (to a room of the same or a higher rank). */
export function upArrows(arrows: Map<string, number>): string[] {
  return [...arrows.keys()]
    .filter((k) => {
      const [a, b] = k.split(" → ") as [string, string];
      return rankOf(b) >= rankOf(a);
    })
    .sort();
}
