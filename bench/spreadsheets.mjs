// Spreadsheet bench (issue 6): a ~20 MB electricity workbook (a year of 15-minute load data, 35,040 rows, with the
// extra meter columns a grid export carries, which the importer skips) imported
//  (1) in Node under --max-old-space-size=128 with the server's own reader and importer, reporting the V8 heap and
//      ArrayBuffer high-water marks (sampled every 5 ms and after every 1,000 rows), and
//  (2) through the real endpoint POST /api/execl/survey/import on wrangler dev (workerd), timed end to end, with the
//      workerd process's resident memory sampled from /proc;
// plus template and export (35,040 rows) times. `run({ baseUrl })` → JSON figures.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ELECTRICITY = 3;
const POINTS = 35_040;
const TARGET_BYTES = 20 * 1024 * 1024 - 256 * 1024;
const ROUNDS = 3;

async function bundle() {
  const outfile = path.join(root, "node_modules/.cache/bench-spreadsheets/entry.mjs");
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({ entryPoints: [path.join(root, "bench/spreadsheets-entry.ts")], bundle: true, platform: "node", format: "esm", outfile, packages: "external", logLevel: "error" });
  return outfile;
}

/** A filled electricity workbook: bills, tariff answers and the load sheet widened with `extra` meter columns. */
async function workbook(mod, extra, points = POINTS) {
  const def = mod.definitionOf("electricity");
  const byKey = new Map([...def.questions.values()].map((q) => [q.key, q]));
  const answers = new Map();
  const sizes = new Map();
  const put = (key, values) => {
    const q = byKey.get(key);
    answers.set(q.id, new Map(values.map((v, i) => [i, v])));
    if (def.molds.get(q.moldId).multiple === 1) sizes.set(q.moldId, values.length);
  };
  put("company_name", ["基准测试钢厂"]);
  put("province", ["江苏"]);
  put("bill_month", Array.from({ length: 12 }, (_, m) => `2025-${String(m + 1).padStart(2, "0")}`));
  put("bill_kwh_peak", Array.from({ length: 12 }, (_, m) => String(100000 + m * 1000)));
  put("bill_kwh_flat", Array.from({ length: 12 }, () => "80000"));
  put("bill_kwh_valley", Array.from({ length: 12 }, () => "60000"));
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const kw = Array.from({ length: points }, (_, i) => Math.round((800 + 400 * Math.sin((i / 96) * 2 * Math.PI) + 50 * rand()) * 100) / 100);
  const sheets = mod.buildSurveyBook(def, { title: "20MB基准", answers, sizes, load: { kw, intervalMinutes: 15, startDate: "2025-01-01" } });
  const load = sheets.find((s) => s.name === "负荷数据");
  for (let c = 0; c < extra; c++) load.rows[0].cells.push({ v: `电表通道${c + 1}` });
  for (let r = 2; r < load.rows.length; r++) for (let c = 0; c < extra; c++) load.rows[r].cells.push({ v: Math.round(rand() * 1e6) / 100 });
  return mod.writeXlsx(sheets);
}

/** Child mode: the import path in Node under a 128 MB heap cap. */
async function child(bundlePath, file) {
  const mod = await import(bundlePath);
  const peak = { heapUsed: 0, external: 0, arrayBuffers: 0, rss: 0, heapTotal: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], m[k]);
  };
  const timer = setInterval(sample, 5);
  global.gc?.();
  const base = process.memoryUsage();
  const t0 = performance.now();
  const bytes = new Uint8Array(readFileSync(file));
  const reader = await mod.XlsxReader.open(bytes);
  let rows = 0;
  const source = {
    sheets: reader.sheets,
    date1904: reader.date1904,
    readRows: (i, onRow, maxColumn) =>
      reader.readRows(
        reader.sheets[i],
        (row, cells) => {
          if (++rows % 1000 === 0) sample();
          return onRow(row, cells);
        },
        maxColumn,
      ),
  };
  const parsed = await mod.parseSurveyBook(source, mod.definitionOf("electricity"));
  const ms = performance.now() - t0;
  sample();
  clearInterval(timer);
  const heap = v8.getHeapStatistics();
  const mib = (x) => Math.round((x / 1048576) * 10) / 10;
  console.log(
    JSON.stringify({
      ms: Math.round(ms),
      rows_read: rows,
      load_points: parsed.load?.kw.length ?? 0,
      answers: parsed.answers.length,
      problems: parsed.problems.length,
      inflated_mib: mib(reader.inflatedBytes),
      heap_limit_mib: mib(heap.heap_size_limit),
      baseline_heap_used_mib: mib(base.heapUsed),
      peak_heap_used_mib: mib(peak.heapUsed),
      peak_heap_total_mib: mib(peak.heapTotal),
      peak_array_buffers_mib: mib(peak.arrayBuffers),
      peak_heap_plus_buffers_mib: mib(peak.heapUsed + peak.arrayBuffers),
      peak_rss_mib: mib(peak.rss),
    }),
  );
}

async function upload(baseUrl, token, bytes, name) {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  form.set("type", String(ELECTRICITY));
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/execl/survey/import`, { method: "POST", headers: { token, code: "energy-evaluation" }, body: form });
  const body = await res.json();
  const ms = performance.now() - t;
  if (body.code !== 10000) throw new Error(`import: ${body.code} ${body.msg}`);
  return { ms, id: body.data.id };
}

export async function run({ baseUrl }) {
  // Loaded here, not at the top: the child process below must stay lean so its heap figures are the importer's.
  const { stats } = await import("./platform.mjs");
  const { loginDemo, memorySampler, workerdPids } = await import("./reports.mjs");
  const bundlePath = await bundle();
  const mod = await import(bundlePath);
  // Size the extra columns so the file lands just under 20 MB (deflate ratios depend on the data).
  const probe = await workbook(mod, 20, 2000);
  const perColumnRow = (probe.length - (await workbook(mod, 0, 2000)).length) / (20 * 2000);
  const base = (await workbook(mod, 0)).length;
  const extra = Math.max(0, Math.floor((TARGET_BYTES - base) / (perColumnRow * POINTS)));
  const bytes = await workbook(mod, extra);
  const file = path.join(os.tmpdir(), "bench-spreadsheets-20mb.xlsx");
  writeFileSync(file, bytes);

  const node = JSON.parse(
    execFileSync(process.execPath, ["--max-old-space-size=128", "--expose-gc", fileURLToPath(import.meta.url), "--child", bundlePath, file], { encoding: "utf8" }).trim().split("\n").pop(),
  );

  const port = Number(new URL(baseUrl).port);
  const token = await loginDemo(baseUrl);
  await upload(baseUrl, token, await workbook(mod, 0, 96), "warmup.xlsx");
  const mem = memorySampler(workerdPids(port));
  const times = [];
  let id = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const r = await upload(baseUrl, token, bytes, "bench.xlsx");
    times.push(r.ms);
    id = r.id;
  }
  const rss = mem.stop();
  const exportTimes = [];
  let exportBytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/files/execl/export/${id}`, { headers: { token } });
    exportBytes = (await res.arrayBuffer()).byteLength;
    exportTimes.push(performance.now() - t);
  }
  const templateTimes = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/files/execl/template/${ELECTRICITY}`)).arrayBuffer();
    templateTimes.push(performance.now() - t);
  }
  const r1 = (x) => Math.round(x * 10) / 10;
  return {
    file: { mib: r1(statSync(file).size / 1048576), load_rows: POINTS, columns_on_load_sheet: 2 + extra },
    node_import_128mb_heap: node,
    workerd_import_ms: stats(times),
    workerd_rss_mib: { before: r1(rss.baselineMib), peak: r1(rss.peakMib), delta: r1(rss.peakMib - rss.baselineMib), note: "VmRSS of the local workerd process(es) during the imports" },
    export_35040_rows_ms: stats(exportTimes),
    export_kib: Math.round(exportBytes / 1024),
    template_ms: stats(templateTimes),
  };
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4]);
else if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8822";
  console.log(JSON.stringify(await run({ baseUrl }), null, 2));
}
