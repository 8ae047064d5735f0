import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../../workers/lib/bounded-map";

describe("BoundedMap (issue 26 item 11: module-level caches are bounded)", () => {
  it("never holds more than max entries, however many keys callers choose", () => {
    const m = new BoundedMap<number, number>(100);
    for (let i = 0; i < 100_000; i++) m.set(i, i);
    expect(m.size).toBe(100);
    expect(m.get(99_999)).toBe(99_999);
    expect(m.get(0)).toBeUndefined();
  });

  it("drops the least recently used entry", () => {
    const m = new BoundedMap<string, number>(2);
    m.set("a", 1).set("b", 2);
    expect(m.get("a")).toBe(1); // a is now the most recent
    m.set("c", 3);
    expect(m.get("b")).toBeUndefined();
    expect(m.get("a")).toBe(1);
    expect(m.get("c")).toBe(3);
  });
});
