// Q&A page figures (issue 3): server render time of the question detail page, and the client JS (gzip) a
// browser downloads for the Q&A home and the detail page at load (the Tiptap editor chunk loads only when
// someone opens the editor, so it is not counted; target ≤ 250 KiB each).
import { clientJs, stats } from "./platform.mjs";

const SEEDED_QUESTIONS = 42;

async function timeGet(url) {
  const t = performance.now();
  const res = await fetch(url, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) bench" } });
  const body = await res.text();
  if (res.status !== 200 || !body.includes("application/ld+json")) throw new Error(`${url}: status ${res.status}`);
  return performance.now() - t;
}

export async function run({ baseUrl }) {
  const detail = (i) => `${baseUrl}/energySavingQA/details?questionId=${(i % SEEDED_QUESTIONS) + 1}`;
  for (let i = 0; i < 20; i++) await timeGet(detail(i));
  const samples = [];
  for (let i = 0; i < 200; i++) samples.push(await timeGet(detail(i)));
  const js = await clientJs(baseUrl, ["/energySavingQA", "/energySavingQA/details?questionId=1"]);
  return {
    detail_render_ms: stats(samples),
    client_js_gzip_kib: {
      "/energySavingQA": js["/energySavingQA"].js_gzip_kib,
      "/energySavingQA/details": js["/energySavingQA/details?questionId=1"].js_gzip_kib,
    },
  };
}

// `node bench/qa-pages.mjs <baseUrl>` against a running server.
if (import.meta.url === `file://${process.argv[1]}` && process.argv[2]) {
  console.log(JSON.stringify(await run({ baseUrl: process.argv[2] }), null, 2));
}
