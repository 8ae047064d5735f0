// Production build: antd CSS extraction, then the React Router client and server bundles.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// Inside node_modules so the bundle resolves antd and React from the project.
const dir = path.join(root, "node_modules/.cache/antd-css");
mkdirSync(dir, { recursive: true });
const out = path.join(dir, "extract.mjs");
await build({
  entryPoints: ["scripts/extract-antd-css.tsx"],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: out,
  jsx: "automatic",
  packages: "external",
  logLevel: "error",
});
execFileSync(process.execPath, [out, "app/styles"], { stdio: "inherit" });
rmSync(dir, { recursive: true, force: true });

execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
