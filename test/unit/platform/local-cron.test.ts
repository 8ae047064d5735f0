// The local cron driver (scripts/lib/local-cron.mjs): the wrangler.toml schedule, read and matched as Cloudflare does (UTC).
import { describe, expect, it } from "vitest";
import { cronMatcher, nextRun, readCrons } from "../../../scripts/lib/local-cron.mjs";
import path from "node:path";

describe("local crons", () => {
  it("reads the crons of wrangler.toml", () => {
    const crons = readCrons(path.resolve(__dirname, "../../.."));
    expect(crons.length).toBeGreaterThan(0);
    for (const c of crons) expect(() => cronMatcher(c)).not.toThrow();
  });

  it("finds the next run in UTC for steps, ranges, lists and weekdays", () => {
    const at = Date.UTC(2026, 10, 27, 18, 52, 30); // a Friday
    expect(new Date(nextRun("*/5 * * * *", at)).toISOString()).toBe("2026-11-27T18:55:00.000Z");
    expect(new Date(nextRun("0 3 * * 1", at)).toISOString()).toBe("2026-11-30T03:00:00.000Z");
    expect(new Date(nextRun("15,45 9-17 * * *", at)).toISOString()).toBe("2026-11-28T09:15:00.000Z");
    expect(new Date(nextRun("0 0 1 * *", at)).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(new Date(nextRun("* * * * *", at)).toISOString()).toBe("2026-11-27T18:53:00.000Z");
    expect(() => cronMatcher("*/5 * * *")).toThrow();
  });
});
