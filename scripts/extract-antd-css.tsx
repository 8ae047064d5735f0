// Build step: antd's styles for our fixed theme as one static CSS file, so first paint is styled without JS.
import { writeFileSync } from "node:fs";
import { extractStyle } from "@ant-design/static-style-extract";
import { ConfigProvider } from "antd";
import React from "react";
import { theme } from "../app/theme/tokens";

// Rendering every component on the server prints deprecation and SSR warnings that are irrelevant here.
const quiet = console.error;
console.error = () => {};
console.warn = () => {};
const css = extractStyle((node) => <ConfigProvider theme={theme}>{node}</ConfigProvider>);
console.error = quiet;
writeFileSync(process.argv[2], css);
console.log(`antd css: ${(css.length / 1024).toFixed(0)} KiB`);
