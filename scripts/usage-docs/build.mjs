// Renders the usage PDFs in public/docs with Debian chromium (needs fonts-noto-cjk). Run: node scripts/usage-docs/build.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { docs, qaManual } from "./content.mjs";
import { docsCommon } from "./common.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const css = `
@page { size: A4; margin: 18mm 16mm; }
body { font-family: "Noto Sans CJK SC", "Noto Sans SC", sans-serif; color: #1f2a37; font-size: 11pt; line-height: 1.75; }
header { border-bottom: 3px solid #0a7d4f; padding-bottom: 10px; margin-bottom: 18px; }
header .brand { color: #0a7d4f; font-weight: 700; font-size: 10pt; letter-spacing: 2px; }
h1 { font-size: 20pt; margin: 6px 0 0; }
h2 { font-size: 13pt; color: #075c3a; margin: 22px 0 8px; border-left: 4px solid #0a7d4f; padding-left: 8px; }
ol.steps { padding: 0; list-style: none; counter-reset: s; }
ol.steps li { counter-increment: s; margin: 0 0 10px; padding-left: 34px; position: relative; }
ol.steps li::before { content: counter(s); position: absolute; left: 0; top: 1px; width: 22px; height: 22px; border-radius: 50%; background: #0a7d4f; color: #fff; text-align: center; line-height: 22px; font-size: 9pt; }
ul li { margin-bottom: 4px; }
.tip { background: #f4f8f6; border: 1px solid #cfe6da; border-radius: 6px; padding: 10px 14px; }
dl dt { font-weight: 700; margin-top: 8px; }
dl dd { margin: 2px 0 0; }
footer { margin-top: 28px; font-size: 9pt; color: #4b5563; border-top: 1px solid #e5ece8; padding-top: 8px; }
`;

function page(title, body) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${css}</style></head><body>
<header><div class="brand">绿能评估 · 节能评估 + 能源问答</div><h1>${esc(title)}</h1></header>${body}
<footer>服务热线 400-826-9580 · service@lvneng-energy.cn · 本说明随产品更新，以平台最新版本为准。</footer></body></html>`;
}

function usageHtml(d) {
  return page(
    d.title,
    `<h2>评估内容</h2><p>${esc(d.intro)}</p>
<h2>需要准备的数据</h2><ul>${d.prepare.map((p) => `<li>${esc(p)}</li>`).join("")}</ul>
<h2>操作步骤</h2><ol class="steps">${docsSteps()}</ol>
<h2>填写提示</h2><div class="tip"><ul>${d.tips.map((t) => `<li>${esc(t)}</li>`).join("")}</ul></div>
<h2>常见问题</h2><dl>${commonFaq()}</dl>`,
  );
}

const docsSteps = () => docsCommon.steps.map(([t, x]) => `<li><strong>${esc(t)}：</strong>${esc(x)}</li>`).join("");
const commonFaq = () => docsCommon.faq.map(([q, a]) => `<dt>${esc(q)}</dt><dd>${esc(a)}</dd>`).join("");

function manualHtml(m) {
  return page(m.title, `<h2>简介</h2><p>${esc(m.intro)}</p>${m.sections.map(([t, x]) => `<h2>${esc(t)}</h2><p>${esc(x)}</p>`).join("")}`);
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const work = mkdtempSync(path.join(tmpdir(), "usage-docs-"));
for (const [file, html] of [...docs.map((d) => [d.file, usageHtml(d)]), [qaManual.file, manualHtml(qaManual)]]) {
  const src = path.join(work, file.replace(".pdf", ".html"));
  writeFileSync(src, html);
  const out = path.join(root, "public/docs", file);
  execFileSync(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", `--print-to-pdf=${out}`, `file://${src}`], { stdio: "pipe" });
  console.log("wrote", path.relative(root, out));
}
