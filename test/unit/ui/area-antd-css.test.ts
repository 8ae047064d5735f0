// Each logged-in area links only its own antd sheet (app/styles/area-antd-components.ts), and with zeroRuntime a
// component missing from it renders unstyled for good. This walks every route of the area through its relative
// imports (static and lazy) and checks each antd component it uses is in the area's sheet, the inlined critical set,
// or portal-only (styled by the deferred sheet).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AREA_ANTD_COMPONENTS, type AntdArea } from "../../../app/styles/area-antd-components";
import { CRITICAL_ANTD_COMPONENTS } from "../../../app/theme/public-components";

const root = path.resolve(__dirname, "../../..");
const ROUTES: Record<AntdArea, RegExp> = { workbench: /^workbench/, personal: /^personal\./, admin: /^admin/ };
const PORTAL_ONLY = ["Modal", "Drawer", "message", "ConfigProvider"];
// Components another one renders inside itself: the inner one's styles must ship with the outer one.
const INNER: Record<string, string[]> = {
  Table: ["Pagination", "Checkbox", "Radio", "Dropdown", "Empty", "Spin"],
  Pagination: ["Select", "Input"],
  Form: ["Row", "Col"],
  Upload: ["Progress"],
  Select: ["Empty"],
};
const ES_NAMES: Record<string, string> = { modal: "Modal", drawer: "Drawer", message: "message", form: "Form" };

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.split("?")[0]);
  for (const c of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** antd component names used (as values) by these files and everything they import from the app. */
function antdComponentsUsed(entries: string[]): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*"antd"/g)) {
      if (m[1]) continue;
      for (const raw of m[2].split(",")) {
        const name = raw.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith("type ")) used.set(name, path.relative(root, file));
      }
    }
    for (const m of source.matchAll(/import\s+(type\s+)?[^"]*?from\s*"antd\/es\/([a-z-]+)"/g)) {
      if (!m[1]) used.set(ES_NAMES[m[2]] ?? m[2], path.relative(root, file));
    }
    for (const m of source.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      const next = resolveLocal(file, m[1]);
      if (next) stack.push(next);
    }
  }
  return used;
}

describe("per-area antd sheets", () => {
  for (const area of Object.keys(AREA_ANTD_COMPONENTS) as AntdArea[]) {
    const sheet = new Set<string>([...AREA_ANTD_COMPONENTS[area], ...CRITICAL_ANTD_COMPONENTS, ...PORTAL_ONLY]);
    const routes = readdirSync(path.join(root, "app/routes"))
      .filter((f) => ROUTES[area].test(f))
      .map((f) => path.join(root, "app/routes", f));

    it(`${area}: every antd component its pages use is styled`, () => {
      expect(routes.length).toBeGreaterThan(0);
      const used = antdComponentsUsed(routes);
      expect(used.has("Button")).toBe(true); // the walk reaches the area's components
      const missing = [...used].filter(([name]) => !sheet.has(name)).map(([name, file]) => `${name} (${file})`);
      expect(missing).toEqual([]);
    });

    it(`${area}: components rendered inside others come with them`, () => {
      const missing = [...sheet].flatMap((name) => (INNER[name] ?? []).filter((inner) => !sheet.has(inner)).map((inner) => `${inner} for ${name}`));
      expect(missing).toEqual([]);
    });

    it(`${area}: its routes link the area sheet, not the full set`, () => {
      const link = { workbench: "antdWorkbenchCss", personal: "antdPersonalCss", admin: "antdAdminCss" }[area];
      for (const route of routes) {
        const source = readFileSync(route, "utf8");
        expect(source, path.relative(root, route)).not.toMatch(/antdFullCss/);
        if (/rel: "stylesheet"/.test(source)) expect(source, path.relative(root, route)).toMatch(new RegExp(link));
      }
    });
  }
});
