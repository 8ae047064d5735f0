// Regenerates yoga.wasm beside this file from the base64 blob yoga-layout ships in its Emscripten glue.
// Run after upgrading yoga-layout: node workers/reports/shims/extract-yoga-wasm.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const glue = readFileSync(path.join(here, "../../../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js"), "utf8");
const m = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(glue);
if (!m) throw new Error("no embedded wasm found in yoga-layout's glue");
const bytes = Buffer.from(m[1], "base64");
if (!WebAssembly.validate(bytes)) throw new Error("embedded blob is not valid wasm");
writeFileSync(path.join(here, "yoga.wasm"), bytes);
console.log(`yoga.wasm: ${bytes.length} bytes`);
