// The Worker's "does a page serve this path?" check (app/lib/known-path.ts) over a route table shaped like the build's.
import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { knownPathMatcher } from "../../../app/lib/known-path";

const route = (id: string, path: string | undefined, extra: Record<string, unknown> = {}) => ({ id, parentId: id === "root" ? undefined : "root", path, module: {}, ...extra });
const routes = {
  root: route("root", ""),
  "routes/_index": route("routes/_index", undefined, { index: true }),
  "routes/homePage": route("routes/homePage", "homePage"),
  "routes/personal.footprint": route("routes/personal.footprint", "personal/footprint"),
  "routes/admin.orders.$orderSn": route("routes/admin.orders.$orderSn", "admin/orders/:orderSn"),
  "routes/robots[.]txt": route("routes/robots[.]txt", "robots.txt"),
  "routes/$": route("routes/$", "*"),
} as unknown as ServerBuild["routes"];

describe("knownPathMatcher", () => {
  const known = knownPathMatcher(routes);
  it("knows every served page, dynamic segments and the index", () => {
    for (const p of ["/", "/homePage", "/personal/footprint", "/admin/orders/2026112700001", "/robots.txt"]) expect(known(p), p).toBe(true);
  });
  it("calls paths only the catch-all serves unknown", () => {
    for (const p of ["/no-such-page", "/homePage/extra", "/personal", "/admin/orders"]) expect(known(p), p).toBe(false);
  });
  it("reads single-fetch data URLs as their page", () => {
    expect(known("/homePage.data")).toBe(true);
    expect(known("/_root.data")).toBe(true);
    expect(known("/nope.data")).toBe(false);
  });
});
