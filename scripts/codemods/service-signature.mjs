#!/usr/bin/env node
// Codemod for docs/decisions/170-service-signature.md: an exported service function takes ONE object holding the
// dependencies it uses (db, env, now, defer, or a whole per-domain context) and its inputs by name.
//
//   node scripts/codemods/service-signature.mjs --list  workers/services/invoice      # what it would convert
//   node scripts/codemods/service-signature.mjs --write workers/services/invoice      # rewrite declarations + callers
//   node scripts/codemods/service-signature.mjs --calls workers/services              # only rewrite old-shape calls
//
// Paths name files or folders under workers/services. With --write it converts every exported function there whose
// first parameter is a dependency (named db/env/ctx, or typed Db/Env/…Ctx) and rewrites every call to it anywhere in
// the tsconfig program (workers/, app/, db/, test/, bench/):
//   f(db: Db, userId: number, now = Date.now())   →  f({ db, userId, now = Date.now() }: { db: Db; userId: number; now?: number })
//   f(ctx: QaCtx, id: number)                      →  f({ id, ...ctx }: QaCtx & { id: number })
//   f(db, user.id)  →  f({ db, userId: user.id })        f(ctx, id)  →  f({ ...ctx, id })
// --calls is for call sites added later on another branch (the declarations are converted already): it rewrites any
// call whose callee is one of those functions and still passes positional arguments, by the parameter names in the
// declaration's object type. Pure helpers (first parameter not a dependency) keep plain parameters and are left alone.
// What it cannot do mechanically it prints as MANUAL (a function passed as a value, a spread argument, a destructured
// or rest parameter, an input named like a context field); fix those by hand, then run `npx tsc --noEmit`.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const mode = args.find((a) => a.startsWith("--"))?.slice(2) ?? "list";
const targets = args.filter((a) => !a.startsWith("--")).map((p) => path.resolve(p));
if (!["list", "write", "calls"].includes(mode) || targets.length === 0) {
  console.error("usage: service-signature.mjs --list|--write|--calls <file-or-folder under workers/services>…");
  process.exit(2);
}
const SKIP = [];

const root = process.cwd();
const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
const checker = program.getTypeChecker();

const inTargets = (file) => targets.some((t) => file === t || file.startsWith(t + path.sep)) && !SKIP.some((r) => r.test(file));
const DEP_NAMES = new Set(["db", "env", "ctx"]);
const manual = [];
const note = (node, why) => {
  const sf = node.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
  manual.push(`${path.relative(root, sf.fileName)}:${line + 1}: ${why}`);
};

/** The function-like node of an exported declaration, with its name node. */
function exportedFunctions(sf) {
  const out = [];
  const exported = (n) => ts.getCombinedModifierFlags(n) & ts.ModifierFlags.Export;
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && exported(st)) {
      if (!st.body) continue; // overload signature: the implementation follows
      out.push({ fn: st, name: st.name });
    } else if (ts.isVariableStatement(st) && exported(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          out.push({ fn: d.initializer, name: d.name });
      }
    }
  }
  return out;
}

const typeText = (p) => (p.type ? p.type.getText() : checker.typeToString(checker.getTypeAtLocation(p), p, ts.TypeFormatFlags.NoTruncation));
const isCtxType = (t) => /(^|\W)(\w*Ctx)\b/.test(t) && !/^(Db|Env)$/.test(t);

/** How a declaration converts, or null when it is not a service (or is already one object). */
function planOf(fn, name) {
  const ps = fn.parameters;
  if (ps.length === 0) return null;
  const first = ps[0];
  if (!ts.isIdentifier(first.name)) return null; // already one destructured object
  const firstName = first.name.text;
  const firstType = first.type?.getText() ?? "";
  const dep = DEP_NAMES.has(firstName) || /^(Db|Env)$/.test(firstType) || isCtxType(firstType);
  if (!dep) return { skip: "pure helper (first parameter is not a dependency)" };
  const ctxKind = isCtxType(firstType) || firstName === "ctx";
  if (ctxKind && ps.length === 1) return { skip: "already one context object" };
  for (const p of ps) {
    if (!ts.isIdentifier(p.name)) return { manual: `parameter ${p.getText()} is a binding pattern` };
    if (p.dotDotDotToken) return { manual: `rest parameter ${p.getText()}` };
  }
  const inputs = ps.slice(ctxKind ? 1 : 0).map((p) => ({
    name: p.name.text,
    type: typeText(p),
    optional: !!(p.questionToken || p.initializer),
    init: p.initializer?.getText(),
  }));
  if (ctxKind) {
    const ctxProps = new Set(checker.getTypeAtLocation(first).getProperties().map((s) => s.name));
    // A default that reads the context cannot stay a default: the rest element is bound after it (TDZ).
    const readsCtx = inputs.find((i) => i.init && new RegExp(`\\b${firstName}\\b`).test(i.init));
    if (readsCtx) return { manual: `default of "${readsCtx.name}" reads ${firstName}; move it into the body` };
    const clash = inputs.find((i) => ctxProps.has(i.name));
    if (clash) return { manual: `input "${clash.name}" has the name of a field of ${firstType}` };
  }
  for (const i of inputs) if (i.type.includes("import(")) return { manual: `parameter ${i.name} has no written type (${i.type})` };
  return { ctxKind, ctxName: firstName, ctxType: firstType, params: ps.map((p) => p.name.text), inputs, name: name.text };
}

function newParams(plan) {
  const bind = (i) => (i.init ? `${i.name} = ${i.init}` : i.name);
  const field = (i) => `${i.name}${i.optional ? "?" : ""}: ${i.type}`;
  if (plan.ctxKind) {
    const t = plan.ctxType.includes("|") || plan.ctxType.includes("=>") ? `(${plan.ctxType})` : plan.ctxType;
    return `{ ${plan.inputs.map(bind).join(", ")}, ...${plan.ctxName} }: ${t} & { ${plan.inputs.map(field).join("; ")} }`;
  }
  return `{ ${plan.inputs.map(bind).join(", ")} }: { ${plan.inputs.map(field).join("; ")} }`;
}

// ---- collect the declarations ----
const plans = new Map(); // declaration node -> plan
const edits = []; // { file, start, end, text | build() }
for (const sf of program.getSourceFiles()) {
  if (sf.isDeclarationFile || !inTargets(sf.fileName)) continue;
  for (const { fn, name } of exportedFunctions(sf)) {
    if (mode === "calls") {
      const calls = callPlanOfConverted(fn, name);
      if (calls) plans.set(fn, calls);
      continue;
    }
    const plan = planOf(fn, name);
    if (!plan) continue;
    const where = `${path.relative(root, sf.fileName)} ${name.text}(${fn.parameters.map((p) => p.name.getText()).join(", ")})`;
    if (plan.skip) {
      if (mode === "list") console.log(`skip   ${where}: ${plan.skip}`);
      continue;
    }
    if (plan.manual) {
      note(name, `${name.text}: ${plan.manual}`);
      continue;
    }
    plans.set(fn, plan);
    if (mode === "list") console.log(`convert ${where} -> (${newParams(plan)})`);
    const open = fn.parameters.pos;
    const close = fn.parameters.end;
    edits.push({ file: sf.fileName, start: open, end: close, text: newParams(plan) });
  }
}

/** For --calls: a declaration already converted; calls still positional map onto its object's field order. */
function callPlanOfConverted(fn, name) {
  const ps = fn.parameters;
  if (ps.length !== 1 || !ts.isObjectBindingPattern(ps[0].name)) return null;
  const els = ps[0].name.elements;
  const rest = els.find((e) => e.dotDotDotToken);
  const inputs = els.filter((e) => !e.dotDotDotToken).map((e) => ({ name: (e.propertyName ?? e.name).getText(), optional: !!e.initializer }));
  // Positional order of the old signature: the context first (when spread), then the inputs.
  return { ctxKind: !!rest, params: rest ? ["ctx", ...inputs.map((i) => i.name)] : inputs.map((i) => i.name), inputs, name: name.text, converted: true };
}

// ---- find every reference in the program ----
function declOf(id) {
  let sym = checker.getSymbolAtLocation(id);
  if (!sym) return null;
  if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  for (const d of sym.declarations ?? []) {
    if (ts.isFunctionDeclaration(d) && plans.has(d)) return d;
    if (ts.isFunctionDeclaration(d) && !d.body) {
      // overloads: the implementation carries the plan
      const impl = sym.declarations.find((x) => ts.isFunctionDeclaration(x) && x.body && plans.has(x));
      if (impl) return impl;
    }
    if (ts.isVariableDeclaration(d) && d.initializer && plans.has(d.initializer)) return d.initializer;
  }
  return null;
}

const isObjectArg = (a) => ts.isObjectLiteralExpression(a);
function buildCall(call, plan, argText) {
  const a = call.arguments;
  if (plan.converted && a.length === 1 && isObjectArg(a[0])) return null; // already the new shape
  if (plan.converted && a.length === 1 && !plan.ctxKind) return null;
  if (plan.converted && plan.ctxKind && a.length === 1) return null; // f(ctx): one object already
  if (a.some((x) => ts.isSpreadElement(x))) return { manual: "spread argument" };
  if (a.length > plan.params.length) return { manual: `${a.length} arguments for ${plan.params.length} parameters` };
  const props = [];
  const start = plan.ctxKind ? 1 : 0;
  if (plan.ctxKind) {
    const c = a[0];
    if (isObjectArg(c)) {
      const inner = argText(c).trim().replace(/^\{/, "").replace(/\}$/, "").trim().replace(/,$/, "");
      if (inner) props.push(inner);
    } else props.push(`...${argText(c)}`);
  }
  for (let i = start; i < a.length; i++) {
    const name = plan.params[i];
    const text = argText(a[i]);
    if (text === "undefined" && (plan.inputs.find((x) => x.name === name)?.optional ?? false)) continue;
    props.push(text === name ? name : `${name}: ${text}`);
  }
  return { text: `({ ${props.join(", ")} })` };
}

for (const sf of program.getSourceFiles()) {
  if (sf.isDeclarationFile || sf.fileName.includes("node_modules")) continue;
  const seen = new Set();
  const visit = (node) => {
    // A call whose callee the symbol walk below cannot follow (`const { f } = await import(…)`): the checker's
    // resolved signature still names the declaration.
    if (ts.isCallExpression(node) && !ts.isIdentifier(node.expression) && !ts.isPropertyAccessExpression(node.expression)) {
      /* only plain and dotted callees are rewritten */
    } else if (ts.isCallExpression(node)) {
      const d = checker.getResolvedSignature(node)?.declaration;
      const decl = d && (plans.has(d) ? d : null);
      const id = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (decl && !declOf(id)) {
        seen.add(id);
        edits.push({ file: sf.fileName, start: node.arguments.pos - 1, end: node.end, call: node, plan: plans.get(decl) });
      }
    }
    if (ts.isIdentifier(node) && !seen.has(node)) {
      const decl = declOf(node);
      if (decl) {
        const parent = node.parent;
        const callee = ts.isPropertyAccessExpression(parent) && parent.name === node ? parent : node;
        const call = callee.parent;
        const isDeclName = (ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent)) && parent.name === node;
        const isImportExport = ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent);
        if (ts.isCallExpression(call) && call.expression === callee) {
          const plan = plans.get(decl);
          const args = call.arguments;
          // From the "(" after the callee (and its type arguments) to the ")": the new object goes on one line.
          edits.push({
            file: sf.fileName,
            start: args.pos - 1,
            end: call.end,
            call,
            plan,
          });
        } else if (!isDeclName && !isImportExport && !ts.isTypeQueryNode(parent) && mode !== "calls") {
          note(node, `${node.text} is used as a value, not called: adapt by hand`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// ---- apply: a call's arguments may hold other calls being rewritten, so build text inside-out ----
const byFile = new Map();
for (const e of edits) {
  if (!byFile.has(e.file)) byFile.set(e.file, []);
  byFile.get(e.file).push(e);
}
let changedFiles = 0;
let changedCalls = 0;
for (const [file, list] of byFile) {
  const src = fs.readFileSync(file, "utf8");
  list.sort((x, y) => x.start - y.start || y.end - x.end);
  // text of [start, end) with every edit strictly inside applied
  const render = (start, end, skip) => {
    let out = "";
    let at = start;
    for (const e of list) {
      if (e === skip || e.start < at || e.end > end || e.start < start) continue;
      const t = textOf(e);
      if (t == null) continue;
      out += src.slice(at, e.start) + t;
      at = e.end;
    }
    return out + src.slice(at, end);
  };
  const textOf = (e) => {
    if (e.text != null) return e.text;
    if (e.done !== undefined) return e.done;
    const r = buildCall(e.call, e.plan, (n) => render(n.getStart(), n.end, e));
    if (!r) return (e.done = null);
    if (r.manual) {
      note(e.call, `call to ${e.plan.name}: ${r.manual}`);
      return (e.done = null);
    }
    changedCalls++;
    return (e.done = r.text);
  };
  const out = render(0, src.length, null);
  if (out !== src) {
    changedFiles++;
    if (mode !== "list") fs.writeFileSync(file, out);
  }
}
console.log(`${mode}: ${plans.size} functions, ${changedCalls} calls, ${changedFiles} files${mode === "list" ? " (dry run)" : ""}`);
for (const m of manual) console.log(`MANUAL ${m}`);
