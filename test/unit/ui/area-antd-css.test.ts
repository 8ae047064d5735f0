// Each logged-in page links at most one antd sheet (app/styles/area-antd-components.ts), and with zeroRuntime a
// component missing from it renders unstyled for good. This walks every workbench, personal-centre and operator-console
// route through its relative imports (static and lazy) and checks each antd component it uses is in the sheet it
// links, the inlined critical set, or portal-only (styled by the deferred sheet).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AREA_ANTD_COMPONENTS, type AntdArea } from "../../../app/styles/area-antd-components";
import { CRITICAL_ANTD_COMPONENTS } from "../../../app/theme/public-components";

const root = path.resolve(__dirname, "../../..");
const ROUTE_FILES = /^(workbench|personal\.|admin)/;
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

// The name each sheet is exported under in app/styles/antd.ts.
const SHEET_EXPORTS: Record<AntdArea, string> = {
  workbench: "antdWorkbenchCss",
  personalList: "antdPersonalListCss",
  personal: "antdPersonalCss",
  admin: "antdAdminCss",
};

describe("per-area antd sheets", () => {
  const routes = readdirSync(path.join(root, "app/routes"))
    .filter((f) => ROUTE_FILES.test(f))
    .map((f) => path.join(root, "app/routes", f));

  it("finds the logged-in routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  for (const route of routes) {
    const name = path.relative(root, route);
    it(`${name}: every antd component it uses is in the sheet it links, the critical set or portal-only`, () => {
      const source = readFileSync(route, "utf8");
      expect(source).not.toMatch(/antdFullCss/);
      const linked = (Object.keys(SHEET_EXPORTS) as AntdArea[]).filter((area) => new RegExp(`\\b${SHEET_EXPORTS[area]}\\b`).test(source));
      expect(linked.length).toBeLessThanOrEqual(1);
      const styled = new Set<string>([...CRITICAL_ANTD_COMPONENTS, ...PORTAL_ONLY, ...(linked[0] ? AREA_ANTD_COMPONENTS[linked[0]] : [])]);
      const used = antdComponentsUsed([route]);
      expect(used.has("Popover")).toBe(true); // the walk reaches the shared header's user menu
      const missing = [...used].filter(([component]) => !styled.has(component)).map(([component, file]) => `${component} (${file})`);
      expect(missing).toEqual([]);
    });
  }

  for (const area of Object.keys(AREA_ANTD_COMPONENTS) as AntdArea[]) {
    it(`${area}: components rendered inside others come with them`, () => {
      const sheet = new Set<string>([...AREA_ANTD_COMPONENTS[area], ...CRITICAL_ANTD_COMPONENTS]);
      const missing = [...sheet].flatMap((c) => (INNER[c] ?? []).filter((inner) => !sheet.has(inner)).map((inner) => `${inner} for ${c}`));
      expect(missing).toEqual([]);
    });
  }
});
