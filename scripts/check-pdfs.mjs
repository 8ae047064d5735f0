// Render one report per card through the real stack and check the PDFs by text:
//   node scripts/check-pdfs.mjs [--no-build] [--port N]
// A fresh local copy (migrations, seed, fonts) is served by wrangler dev; demo fills a survey per card through the
// API (the electricity survey also gets a 31-day 15-minute load curve in R2), generates, downloads the PDF,
// runs pdftotext and checks that the headline figures computed by the engines in Node — formatted as the PDF
// formats them — appear in the text, with page numbers on every content page, no heading left at a page
// foot and no hyphen drawn after a Chinese character. Pages are rendered to PNG
// (pdftoppm -r 60) in node_modules/.cache/report-check/ for a visual check.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations, ensureDevVars, importTs, root, seed, startServer, wrangler } from "./lib/local.mjs";
import { api, createFilledSurvey, generateAndWait, loginDemo } from "../bench/reports.mjs";
import { payReportAtDevGateway } from "./lib/dev-pay.mjs";

const out = path.join(root, "node_modules/.cache/report-check");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// --base-url URL --persist-to DIR: use a server that is already running (its persist dir receives the curve).
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const external = arg("--base-url");
const persistTo = arg("--persist-to") ?? path.join(root, ".wrangler/report-check-state");
if (!external) {
  // Through the global build lock, like `npm run build`: other worktrees may be building on this machine.
  if (!process.argv.includes("--no-build")) execFileSync("flock", ["/tmp/energy-build.lock", process.execPath, path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  ensureDevVars();
  rmSync(persistTo, { recursive: true, force: true });
  applyMigrations(persistTo, true);
  await seed(persistTo, true);
}

const fx = await importTs("test/unit/engines/answers-fixtures.ts");
const { cardOf } = await importTs("workers/cards/index.ts");
const { DISPOSE_STATUS } = await importTs("workers/contract/workbench.ts");
const { headlineTiles } = await importTs("workers/reports/model/figures.ts");

/** A month of 15-minute load: day shift 07–22 h, night base, weekly rhythm (test data for the curve chart). */
function syntheticCurve() {
  const kw = [];
  for (let d = 0; d < 31; d++) {
    const workday = d % 7 < 6;
    for (let s = 0; s < 96; s++) {
      const h = s / 4;
      const day = h >= 7 && h < 22 ? 1 : 0;
      kw.push(Math.round((420 + day * (workday ? 980 : 380) + 90 * Math.sin((h / 24) * 2 * Math.PI) + ((d * 37 + s * 11) % 60)) * 10) / 10);
    }
  }
  return { kw, intervalMinutes: 15, startDate: "2026-07-01" };
}

// The electricity survey is the third one created in a fresh database; its load curve goes into R2 before the
// server starts (a second local R2 writer next to a running wrangler dev breaks it).
const ELECTRICITY_SURVEY_ID = 3;
const curve = syntheticCurve();
if (!external) {
  const file = path.join(out, "curve.json");
  writeFileSync(file, JSON.stringify(curve));
  wrangler(["r2", "object", "put", `energy-files/load-curves/${ELECTRICITY_SURVEY_ID}.json`, "--local", "--file", file, "--persist-to", persistTo], { quiet: true });
}
const server = external ? { url: external, stop() {} } : await startServer({ port: Number(arg("--port") ?? 8797), persistTo, quiet: false });
const failures = [];
try {
  const token = await loginDemo(server.url);
  const cards = [
    { card: "motor", typeId: 1, answers: fx.motorAnswers() },
    { card: "stenter", typeId: 2, answers: fx.stenterAnswers() },
    { card: "electricity", typeId: 3, answers: fx.electricityAnswers() },
  ];
  for (const { card, typeId, answers } of cards) {
    const id = await createFilledSurvey(server.url, token, typeId, answers, `${card} 报告检查`);
    const withCurve = card === "electricity" && !external && id === ELECTRICITY_SURVEY_ID;
    const r = await generateAndWait(server.url, token, id);
    if (r.status !== DISPOSE_STATUS.READY) {
      failures.push(`${card}: status ${r.status} ${r.failReason}`);
      continue;
    }
    await payReportAtDevGateway(server.url, token, id, typeId);
    const res = await fetch(`${server.url}${r.fileUrl}`, { headers: { token } });
    const pdfFile = path.join(out, `${card}.pdf`);
    writeFileSync(pdfFile, Buffer.from(await res.arrayBuffer()));
    execFileSync("pdftoppm", ["-png", "-r", "60", pdfFile, path.join(out, card)]);
    const text = execFileSync("pdftotext", ["-layout", pdfFile, "-"], { encoding: "utf8" });
    writeFileSync(path.join(out, `${card}.txt`), text);
    const flat = text.replace(/\s+/g, "");

    // The engine's own results for the same answers, through the card registry's report model, in Node.
    const ctx = { card, cardName: "", reportNo: "", generatedAt: 0, answers };
    const entry = cardOf(card);
    const { input } = entry.fromAnswers(answers, withCurve ? { loadCurve: { loadCurveKw: curve.kw, intervalMinutes: 15, startDate: curve.startDate } } : {});
    const doc = entry.model(ctx, entry.assess(input), input);
    const checks = headlineTiles(doc.figures).filter((t) => t.value !== "—");
    const missing = checks.filter((t) => !flat.includes(t.value.replace(/\s+/g, "")));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdfFile], { encoding: "utf8" }))?.[1] ?? 0);
    const numbered = [...text.matchAll(/第\s*(\d+)\s*页\s*\/\s*共\s*(\d+)\s*页/g)];
    const pageNumbersOk = numbered.length === pages - 1 && numbered.every((m) => Number(m[2]) === pages);
    const tofu = /\uFFFD|\u25A1/.test(text);
    // Headings kept with what follows: no page's last text line (above the page number) is a heading.
    const orphans = text
      .split("\f")
      .map((p, i) => ({ page: i + 1, last: p.split("\n").map((l) => l.trim()).filter((l) => l && !/^第\s*\d+\s*页/.test(l)).at(-1) ?? "" }))
      .filter((p) => /^[一二三四五六七八九十]+、|^\d+\.\s/.test(p.last));
    // A hyphen drawn by the line breaker after a Chinese character (there are no hyphenated words in the report).
    const hyphens = text.split("\n").filter((l) => /[\u3000-\u9FFF\uFF00-\uFFEF]-\s*$/.test(l));
    console.log(
      `${card}: ${pages} pages, ${checks.length} headline figures checked` +
        (missing.length ? `, MISSING ${missing.map((t) => `${t.label}=${t.value}`).join("; ")}` : ", all found") +
        `, page numbers ${pageNumbersOk ? "ok" : "WRONG"}${tofu ? ", REPLACEMENT GLYPHS" : ""}` +
        (orphans.length ? `, HEADINGS AT PAGE FOOT ${orphans.map((o) => `p${o.page} ${o.last}`).join("; ")}` : ", no orphaned headings") +
        (hyphens.length ? `, STRAY HYPHENS ${hyphens.length}` : ""),
    );
    for (const t of checks) console.log(`   ${t.label}: ${t.value}`);
    if (missing.length || !pageNumbersOk || tofu || orphans.length || hyphens.length) failures.push(card);
  }
} finally {
  server.stop();
}
console.log(`PDFs, text and PNG pages in ${path.relative(root, out)}`);
if (failures.length) {
  console.error(`FAILED: ${failures.join(", ")}`);
  process.exit(1);
}
