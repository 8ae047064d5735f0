// Render the motor report for N motors in Node, `renders` times in one process (as the renderer Worker does in a
// warm isolate), and print each render's wall and CPU time. REPORT_PROFILE=<file.cpuprofile> writes a CPU profile
// of the last render only (warm: fonts loaded, modules compiled, caches filled), read it with
// `node bench/lib/cpu-profile-top.mjs <file>`:
//   REPORT_PROFILE=/tmp/warm.cpuprofile node bench/lib/report-profile.mjs [motors=100] [renders=1]
// REPORT_PDF_OUT=<file> keeps the PDF.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { importTs } from "../../scripts/lib/local.mjs";
import { fontBucketEnv } from "./node-fonts.mjs";
import { manyMotors } from "../reports.mjs";

const n = Number(process.argv[2] ?? 100);
const renders = Number(process.argv[3] ?? 1);
const fx = await importTs("test/unit/engines/answers-fixtures.ts");
const { assessCard, cardOf } = await importTs("workers/cards/index.ts");
const { renderReportPdf } = await importTs("workers/reports/render.tsx");
const env = fontBucketEnv();
const answers = manyMotors(fx.motorAnswers(), n);
const ctx = { card: "motor", cardName: "测试", reportNo: "BG-TEST", generatedAt: Date.now(), answers };
for (let i = 0; i < renders; i++) {
  const t0 = performance.now();
  const doc = assessCard(cardOf("motor"), answers, {}, ctx).doc;
  const t1 = performance.now();
  const profile = process.env.REPORT_PROFILE && i === renders - 1 ? new Session() : null;
  if (profile) {
    profile.connect();
    await profile.post("Profiler.enable");
    await profile.post("Profiler.start");
  }
  const cpu0 = process.cpuUsage();
  const r = await renderReportPdf(env, doc);
  // CPU time of the render (main thread and GC), steadier than wall time on a shared machine.
  const cpu = process.cpuUsage(cpu0);
  if (profile) {
    const { profile: cpuProfile } = await profile.post("Profiler.stop");
    writeFileSync(process.env.REPORT_PROFILE, JSON.stringify(cpuProfile));
    profile.disconnect();
  }
  console.log(JSON.stringify({ motors: n, render: i + 1, modelMs: Math.round(t1 - t0), renderMs: r.renderMs, renderCpuMs: Math.round((cpu.user + cpu.system) / 1000), fontMs: r.fontMs, pages: r.pages, bytes: r.bytes.length }));
  if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, r.bytes);
}
