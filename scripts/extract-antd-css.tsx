// Build step: antd's styles for our fixed theme as static CSS, so first paint is styled without JS.
// Three files: the full set (app pages), the critical set (inlined into every page), the deferred set (dialogs).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { extractStyle } from "@ant-design/static-style-extract";
import { ConfigProvider, theme as antdTheme } from "antd";
import { transformSync } from "esbuild";
import React from "react";
import { theme } from "../app/theme/tokens";
import { CRITICAL_ANTD_COMPONENTS, DEFERRED_ANTD_COMPONENTS } from "../app/theme/public-components";
import { AREA_ANTD_COMPONENTS } from "../app/styles/area-antd-components";

// Rendering every component on the server prints deprecation and SSR warnings that are irrelevant here.
const quiet = console.error;
console.error = () => {};
console.warn = () => {};
const customTheme = (node: JSX.Element) => <ConfigProvider theme={theme}>{node}</ConfigProvider>;
const minify = (css: string) => transformSync(css, { loader: "css", minify: true }).code;
// antd's global link reset (a, a:hover, a[disabled] …). The critical CSS carries it once, and our app.css, inlined
// after it, overrides it. Repeated in the deferred sheet, it won again when that sheet switched on, and then every
// link on the page lost its colour (the variables it reads exist only on antd's own elements).
const withoutGlobalLinkReset = (css: string) => css.replace(/(?<=^|})a(?:[:[][^{, ]*)?(?:,a(?:[:[][^{, ]*)?)*\{[^}]*\}/g, "");
const outputs = {
  "antd.generated.css": extractStyle({ customTheme }),
  "antd.critical.generated.css": extractStyle({ customTheme, includes: [...CRITICAL_ANTD_COMPONENTS] }),
  "antd.deferred.generated.css": extractStyle({ customTheme, includes: [...DEFERRED_ANTD_COMPONENTS] }),
  // One sheet per logged-in area (workbench, personal centre, operator console): what its pages render in place.
  ...Object.fromEntries(Object.entries(AREA_ANTD_COMPONENTS).map(([area, names]) => [`antd.${area}.generated.css`, extractStyle({ customTheme, includes: [...names] })])),
};
console.error = quiet;
const dir = process.argv[2];
for (const [file, css] of Object.entries(outputs)) {
  // Only the critical sheet (inlined before app.css) and the full one keep antd's link reset: see above.
  const keepsLinkReset = file === "antd.critical.generated.css" || file === "antd.generated.css";
  const min = keepsLinkReset ? minify(css) : withoutGlobalLinkReset(minify(css));
  writeFileSync(path.join(dir, file), min);
  console.log(`antd css ${file}: ${(min.length / 1024).toFixed(0)} KiB`);
}

// The map token our seed derives to, for the browser: antd derives it (colour palettes and all) while hydrating,
// one of the longest pieces of start-up work on a phone. app/theme/AntdRuntime.tsx hands antd this result instead.
const mapToken = antdTheme.defaultAlgorithm({ ...antdTheme.defaultSeed, ...theme.token });
writeFileSync(path.join(dir, "antd-map-token.generated.json"), JSON.stringify(mapToken));
