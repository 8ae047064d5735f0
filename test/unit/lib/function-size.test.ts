// No god functions (issue 21 item 4): no function, method or arrow in workers/ or app/ runs over 150 lines, measured
// by the TypeScript parser from its first to its last line (a nested function counts inside its parent and on its
// own). There is no allowlist: every function that was over the limit has been split.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./import-graph";

const MAX_LINES = 150;
function nameOf(n: ts.Node): string {
  const named = (n as { name?: ts.Node }).name;
  if (named) return named.getText();
  const p = n.parent;
  if (p && ts.isVariableDeclaration(p)) return p.name.getText();
  if (p && ts.isPropertyAssignment(p)) return p.name.getText();
  if (p && ts.isCallExpression(p)) return `(callback of ${p.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

/** Every function-like node of a source text over `max` lines, as "file name lines". */
export function longFunctions(file: string, src: string, max = MAX_LINES): { key: string; lines: number }[] {
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { key: string; lines: number }[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessor(n)) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) out.push({ key: `${file} ${nameOf(n)}`, lines });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe("no function over 150 lines in workers/ or app/ (issue 21 item 4)", () => {
  const found = sourceFiles(["workers", "app"])
    .filter(({ file }) => /\.tsx?$/.test(file))
    .flatMap(({ file, src }) => longFunctions(file, src));

  it("none in workers/ or app/", () => {
    console.log(found.map((f) => `${f.key} (${f.lines})`).join("\n") || "no function over 150 lines");
    expect(found.map((f) => `${f.key} (${f.lines} lines)`)).toEqual([]);
  });

  it("the check can fail: a 151-line function is found, a 150-line one is not", () => {
    const body = (n: number) => `export function big() {\n${"  x++;\n".repeat(n - 2)}}\n`;
    expect(longFunctions("workers/x.ts", body(151)).map((f) => f.key)).toEqual(["workers/x.ts big"]);
    expect(longFunctions("workers/x.ts", body(150))).toEqual([]);
    expect(longFunctions("app/x.tsx", `const Page = () => {\n${"  y();\n".repeat(150)}};\n`).map((f) => f.key)).toEqual(["app/x.tsx Page"]);
  });
});
