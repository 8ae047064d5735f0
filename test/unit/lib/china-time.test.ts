// The China-time helper must give the same text in every runtime zone: the server renders in UTC, browsers in theirs.
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  chinaDate,
  chinaDateText,
  chinaDateTime,
  chinaDateTimeSeconds,
  chinaParts,
  chinaYear,
  endOfChinaDay,
  formatChinaTime,
  startOfChinaDay,
} from "../../../workers/lib/china-time";

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** China has kept UTC+8 without daylight saving since 1991: the reference is plain arithmetic. */
function reference(ms: number) {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

// 1992-01-01 … 2100-01-01
const instants = fc.integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2100, 0, 1) });

describe("china time", () => {
  it("formats the instant's wall clock in Asia/Shanghai", () => {
    const at = Date.UTC(2026, 10, 25, 11, 20, 5); // 19:20:05 in Beijing
    expect(chinaDate(at)).toBe("2026-11-25");
    expect(chinaDateTime(at)).toBe("2026-11-25 19:20");
    expect(chinaDateTimeSeconds(at)).toBe("2026-11-25 19:20:05");
    expect(chinaDateText(at)).toBe("2026年11月25日");
    expect(chinaParts(at)).toEqual({ year: 2026, month: 11, day: 25, hour: 19, minute: 20, second: 5, weekday: 3 });
  });

  it("rolls the date over at 16:00 UTC, and midnight is 00 (not 24)", () => {
    expect(chinaDateTimeSeconds(Date.UTC(2026, 11, 31, 15, 59, 59))).toBe("2026-12-31 23:59:59");
    expect(chinaDateTimeSeconds(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe("2027-01-01 00:00:00");
    expect(chinaYear(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe(2027);
    expect(chinaParts(Date.UTC(2027, 0, 1, 16))!.weekday).toBe(6); // 2027-01-02 is a Saturday
  });

  it("gives the same text whatever the runtime's zone (the hydration bug: server in UTC, browser in UTC+8)", () => {
    const at = Date.UTC(2026, 10, 25, 20, 30); // already the 26th in Beijing
    const seen = new Set<string>();
    const localHours = new Set<number>();
    for (const tz of ["UTC", "Asia/Shanghai", "America/Los_Angeles", "Pacific/Kiritimati", "Europe/Berlin"]) {
      process.env.TZ = tz;
      seen.add(chinaDateTimeSeconds(at));
      localHours.add(new Date(at).getHours());
    }
    expect(localHours.size).toBe(5); // the zone really changed under the helper
    expect([...seen]).toEqual(["2026-11-26 04:30:00"]);
  });

  it("matches UTC+8 arithmetic for any instant since 1992, in any runtime zone", () => {
    for (const tz of ["UTC", "America/New_York"]) {
      process.env.TZ = tz;
      fc.assert(
        fc.property(instants, (ms) => chinaDateTimeSeconds(ms) === reference(ms) && chinaDate(ms) === reference(ms).slice(0, 10)),
        { numRuns: 2000 },
      );
    }
  });

  it("gives Intl's Asia/Shanghai fields since 1992 (computed without Intl), and Intl's own before (1986-91 DST)", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Shanghai",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    const days: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
    const viaIntl = (ms: number) => {
      const f = Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]));
      return { year: +f.year!, month: +f.month!, day: +f.day!, hour: +f.hour!, minute: +f.minute!, second: +f.second!, weekday: days[f.weekday!] };
    };
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(chinaParts(ms)).toEqual(viaIntl(ms));
      }),
      { numRuns: 3000 },
    );
    // China kept summer time in 1986-1991: UTC+9 on 1990-07-01, so 12:00 UTC is 21:00 there, not 20:00.
    expect(chinaParts(Date.UTC(1990, 6, 1, 12))?.hour).toBe(21);
    expect(chinaParts(Date.UTC(1991, 11, 31, 16))).toEqual(viaIntl(Date.UTC(1991, 11, 31, 16)));
  });

  it("takes Date objects and dayjs-style patterns with literals", () => {
    const at = new Date(Date.UTC(2026, 0, 2, 1, 5, 9));
    expect(formatChinaTime(at, "YYYY/M/D H:mm")).toBe("2026/1/2 9:05");
    expect(formatChinaTime(at, "[导入 ]YYYY-MM-DD HH:mm")).toBe("导入 2026-01-02 09:05");
    expect(formatChinaTime(at, "YYYYMMDDHHmmss")).toBe("20260102090509");
  });

  it("gives empty text for a missing or invalid instant instead of throwing in a render", () => {
    expect(chinaDate(null)).toBe("");
    expect(chinaDateTime(undefined)).toBe("");
    expect(chinaDateTime(Number.NaN)).toBe("");
    expect(chinaDate(new Date("not a date"))).toBe("");
  });

  it("gives the China calendar day's first and last millisecond", () => {
    const at = Date.UTC(2026, 10, 25, 17, 0); // 2026-11-26 01:00 in Beijing
    expect(startOfChinaDay(at)).toBe(Date.UTC(2026, 10, 25, 16, 0));
    expect(endOfChinaDay(at)).toBe(Date.UTC(2026, 10, 26, 16, 0) - 1);
    fc.assert(
      fc.property(instants, (ms) => {
        const start = startOfChinaDay(ms);
        const end = endOfChinaDay(ms);
        return (
          start <= ms && ms <= end && chinaDate(start) === chinaDate(ms) && chinaDate(end) === chinaDate(ms) && chinaDate(start - 1) !== chinaDate(ms) && chinaDate(end + 1) !== chinaDate(ms) && chinaParts(start)!.hour === 0
        );
      }),
      { numRuns: 1000 },
    );
  });
});
