// Summarise a V8 .cpuprofile (from node --cpu-prof): total sampled time, the top functions by self time, and
// self time per package (node_modules/<pkg>) and the top named functions by inclusive time, so a profile can be read without DevTools:
//   node bench/lib/cpu-profile-top.mjs <file.cpuprofile> [top=25]
import { readFileSync } from "node:fs";

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
const prof = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const dt = new Map();
// timeDeltas[i] is the time before sample i; attribute it to the sampled node.
prof.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const fnSelf = new Map();
const fnTotal = new Map();
const pkgSelf = new Map();
let total = 0;
function keyOf(f) {
  const where = f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/\/work\/[^/]+\//, "");
  return `${f.functionName || "(anonymous)"}  ${where}:${f.lineNumber + 1}`;
}
for (const [id, us] of dt) {
  const { callFrame: f } = byId.get(id);
  total += us;
  fnSelf.set(keyOf(f), (fnSelf.get(keyOf(f)) ?? 0) + us);
  // Inclusive time: each function on the sampled stack once (recursion counted once).
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) seen.add(keyOf(byId.get(cur).callFrame));
  for (const k of seen) fnTotal.set(k, (fnTotal.get(k) ?? 0) + us);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url)?.[1] ?? (f.url ? "(project)" : f.functionName);
  pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + us);
}
const ms = (us) => Math.round(us / 1000);
const rows = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${String(ms(us)).padStart(7)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log(`total sampled: ${ms(total)} ms`);
console.log("-- self time by package --");
console.log(rows(pkgSelf).join("\n"));
console.log("-- self time by function --");
console.log(rows(fnSelf).join("\n"));
console.log("-- inclusive time by named function --");
const named = new Map([...fnTotal].filter(([k]) => !k.startsWith("(")));
console.log(rows(named).join("\n"));
