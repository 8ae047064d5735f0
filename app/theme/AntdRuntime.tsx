// antd at run time: our theme and locale, with every style coming from the build-time CSS (docs/decisions/003).
import { StyleProvider } from "@ant-design/cssinjs";
import { ConfigProvider, type ThemeConfig } from "antd";
import zhCN from "antd/locale/zh_CN";
import type { MapToken } from "antd/es/theme/interface";
import type { ReactNode } from "react";
import mapTokenJson from "../styles/antd-map-token.generated.json?raw";
import { theme } from "./tokens";

// antd's default algorithm applied to our seed, computed at build time (scripts/extract-antd-css.tsx): the same
// tokens without deriving them again in every browser during hydration.
const MAP_TOKEN = JSON.parse(mapTokenJson) as MapToken;
const runtimeTheme: ThemeConfig = { ...theme, zeroRuntime: true, algorithm: () => MAP_TOKEN };

// Even with zeroRuntime, antd's css-in-js writes its CSS-variable <style> tags into <head> while hydrating; the
// same variables are already in the build-time CSS. Each tag restyled the whole page in the middle of hydration
// (a long task on phones), so they are written into an element that is never attached to the document.
const styleSink = typeof document === "undefined" ? undefined : document.createElement("div");

export function AntdRuntime({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={styleSink}>
      <ConfigProvider locale={zhCN} theme={runtimeTheme}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}
