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
    // antd derives lighter hover shades (white on #218a5c is 4.3:1, #3c966c links on white 3.6:1): hover darkens
    // instead, so text keeps WCAG AA contrast in every state.
    colorPrimaryHover: brand.primaryDark,
    colorLinkHover: brand.primaryDark,
    // antd's light greys (45 % and 25 % black: 3.4:1 and 1.9:1 on white) carry real text here (step titles, select
    // placeholders, descriptions): darkened to at least 4.5:1.
    colorTextTertiary: "rgba(0, 0, 0, 0.6)",
    colorTextDescription: "rgba(0, 0, 0, 0.6)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.56)",
    // antd's lightest shades of our green come out grey (#aabdb2): selected rows and tree nodes use the brand tint.
    colorPrimaryBg: "#e3f4ec",
    colorPrimaryBgHover: "#cdebdc",
    colorText: brand.ink,
    colorTextSecondary: brand.muted,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
