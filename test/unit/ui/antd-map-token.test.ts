// The browser gets antd's map token precomputed at build time (app/theme/AntdRuntime.tsx): it must be exactly what
// antd derives from our seed, or components reading tokens in JS would disagree with the build-time CSS.
import { readFileSync } from "node:fs";
import path from "node:path";
import { theme as antdTheme } from "antd";
import { describe, expect, it } from "vitest";
import { theme } from "../../../app/theme/tokens";

describe("precomputed antd map token", () => {
  it("equals antd's default algorithm applied to our seed", () => {
    const file = path.resolve(__dirname, "../../../app/styles/antd-map-token.generated.json");
    const precomputed = JSON.parse(readFileSync(file, "utf8"));
    expect(precomputed).toEqual(antdTheme.defaultAlgorithm({ ...antdTheme.defaultSeed, ...theme.token }));
    expect(precomputed.colorPrimary).toBe(theme.token?.colorPrimary);
  });
});
