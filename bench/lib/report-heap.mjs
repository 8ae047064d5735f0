// The report job's memory, measured where it can be measured: the same document code (model → react-pdf →
// pdfkit, the same fonts parsed with fontkit the way workers/reports/fonts.ts does) rendered in a Node child
// process, reading V8's own numbers. workerd exposes no heap statistics to a Worker, and its RSS holds every
// isolate, the runtime and the 2 × 10.5 MB fonts' pages, so the workerd figure in bench/reports.mjs is an
// upper bound and this one is the isolate-heap estimate.
//
//   node --expose-gc --trace-gc bench/lib/report-heap.mjs [card] [renders]
// prints one JSON line: heap after fonts, peak heap used seen by the GC (the largest "before" size of any GC
// during the renders — a lower bound of the true high-water mark, close to it under allocation pressure),
// heap and external/array-buffer memory after each render, and the render times.
import { writeFileSync } from "node:fs";
import v8 from "node:v8";
import { importTs } from "../../scripts/lib/local.mjs";
import { fontBucketEnv } from "./node-fonts.mjs";

const card = process.argv[2] ?? "motor";
const renders = Number(process.argv[3] ?? 5);
const mib = (b) => Math.round((b / 1048576) * 10) / 10;

const fx = await importTs("test/unit/engines/answers-fixtures.ts");
const { assessCard, cardOf } = await importTs("workers/cards/index.ts");
const { renderReportPdf } = await importTs("workers/reports/render.tsx");

const env = fontBucketEnv();

function doc() {
  const answers = { motor: fx.motorAnswers, stenter: fx.stenterAnswers, electricity: fx.electricityAnswers }[card]();
  const ctx = { card, cardName: "测试", reportNo: "BG-TEST", generatedAt: Date.now(), answers };
  return assessCard(cardOf(card), answers, {}, ctx).doc;
}

globalThis.gc?.();
const start = process.memoryUsage();
const out = { card, renders: [], node: process.version };
for (let i = 0; i < renders; i++) {
  const r = await renderReportPdf(env, doc());
  if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, r.bytes);
  const m = process.memoryUsage();
  out.renders.push({ ms: r.renderMs, fontMs: r.fontMs, pages: r.pages, heapUsedMib: mib(m.heapUsed), externalMib: mib(m.external), arrayBuffersMib: mib(m.arrayBuffers) });
}
globalThis.gc?.();
const end = process.memoryUsage();
out.baselineHeapMib = mib(start.heapUsed);
out.retainedAfterGcMib = { heap: mib(end.heapUsed), external: mib(end.external), arrayBuffers: mib(end.arrayBuffers) };
out.heapSizeLimitMib = mib(v8.getHeapStatistics().heap_size_limit);
console.log("REPORT_HEAP " + JSON.stringify(out));
