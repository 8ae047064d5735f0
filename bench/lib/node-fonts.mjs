// The R2 binding a report job reads its fonts from, served in Node from the same files the local seed uploads
// (bench/lib/report-heap.mjs, bench/lib/report-profile.mjs). Each get() reads the file afresh so that, as in the
// Worker, the parsed font holds the only copy of its bytes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { root, REPORT_FONTS } from "../../scripts/lib/local.mjs";

export function fontBucketEnv() {
  const fonts = new Map(REPORT_FONTS.map(([key, file]) => [key, path.join(root, file)]));
  return {
    FILES: {
      async get(key) {
        const file = fonts.get(key);
        if (!file) return null;
        const bytes = readFileSync(file);
        return { arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
      },
    },
  };
}
