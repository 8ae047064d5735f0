// Brand theme, defined once: a deep energy green with a slate ink, contrast-checked for WCAG AA on white.
import type { ThemeConfig } from "antd";

export const brand = {
  primary: "#0a7d4f",
  primaryDark: "#075c3a",
  accent: "#1f6fb2",
  ink: "#1f2a37",
  muted: "#4b5563",
  surface: "#f4f8f6",
  heroFrom: "#063d2a",
  heroTo: "#0a7d4f",
} as const;

/** The theme both the build-time CSS extraction and the runtime ConfigProvider use. */
export const theme: ThemeConfig = {
  hashed: false,
  cssVar: { key: "app" },
  token: {
    colorPrimary: brand.primary,
    colorInfo: brand.accent,
    colorLink: brand.primary,
    colorText: brand.ink,
    colorTextSecondary: brand.muted,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
