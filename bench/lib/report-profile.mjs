// Render the motor report for N motors in Node and print its wall and CPU time (run with --cpu-prof to profile;
// REPORT_PDF_OUT=<file> keeps the PDF):
//   node bench/lib/report-profile.mjs [motors]
import { writeFileSync } from "node:fs";
import { importTs } from "../../scripts/lib/local.mjs";
import { fontBucketEnv } from "./node-fonts.mjs";
import { manyMotors } from "../reports.mjs";

const n = Number(process.argv[2] ?? 100);
const fx = await importTs("test/unit/engines/answers-fixtures.ts");
const { assessCard, cardOf } = await importTs("workers/cards/index.ts");
const { renderReportPdf } = await importTs("workers/reports/render.tsx");
const env = fontBucketEnv();
const answers = manyMotors(fx.motorAnswers(), n);
const ctx = { card: "motor", cardName: "测试", reportNo: "BG-TEST", generatedAt: Date.now(), answers };
const t0 = performance.now();
const doc = assessCard(cardOf("motor"), answers, {}, ctx).doc;
const t1 = performance.now();
const cpu0 = process.cpuUsage();
const r = await renderReportPdf(env, doc);
// CPU time of the render (main thread and GC), steadier than wall time on a shared machine.
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ motors: n, modelMs: Math.round(t1 - t0), renderMs: r.renderMs, renderCpuMs: Math.round((cpu.user + cpu.system) / 1000), fontMs: r.fontMs, pages: r.pages }));
if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, r.bytes);
