// Dates and times as users read them: always China time (Asia/Shanghai), whatever zone the code runs in.
//
// The same module renders on the server (workerd runs in UTC) and in the browser (any zone the visitor's machine is
// set to), so a page must never format a timestamp with the runtime's local zone (`dayjs(ms).format`,
// `toLocaleString`, `getHours`): the server's text and the browser's would differ and React's hydration would fail.
// Imports nothing, so `app/` and `workers/` both use it.

export const CHINA_TIME_ZONE = "Asia/Shanghai";

/** Wall-clock fields of an instant in China time. `weekday` is 0 for Sunday, as `Date#getDay`. */
export interface ChinaParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

let formatter: Intl.DateTimeFormat | undefined;
function chinaFormatter(): Intl.DateTimeFormat {
  // hourCycle h23: with `hour12: false` some ICU versions print midnight as "24".
  formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: CHINA_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    weekday: "short",
  });
  return formatter;
}

const toMs = (at: number | Date) => (typeof at === "number" ? at : at.getTime());

// China has kept UTC+8 all year since its last daylight-saving period ended on 1991-09-15, so from 1992 on the fields
// are plain arithmetic. That matters in the browser: the first Intl.DateTimeFormat with a timeZone loads the zone
// data, about 200 ms of main thread on a 4x-throttled phone, inside hydration (the footer's copyright year is on
// every public page; issue 23 item 4). Earlier instants still go through Intl, which knows the old DST rules.
const FIXED_OFFSET_FROM_MS = Date.UTC(1992, 0, 1);
const MAX_FIXED_MS = 8.64e15 - 8 * 3_600_000; // the Date range ends at ±8.64e15 ms (CHINA_OFFSET_MS is below)

/** The instant's calendar and clock fields in China time; null for a missing or invalid instant. */
export function chinaParts(at: number | Date | null | undefined): ChinaParts | null {
  if (at === null || at === undefined) return null;
  const ms = toMs(at);
  if (!Number.isFinite(ms)) return null;
  if (ms >= FIXED_OFFSET_FROM_MS && ms <= MAX_FIXED_MS) {
    const d = new Date(ms + CHINA_OFFSET_MS);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      weekday: d.getUTCDay(),
    };
  }
  const out: ChinaParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const p of chinaFormatter().formatToParts(ms)) {
    if (p.type === "weekday") out.weekday = WEEKDAYS[p.value] ?? 0;
    else if (p.type in out) out[p.type as keyof ChinaParts] = Number(p.value);
  }
  return out;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const TOKENS: Record<string, (p: ChinaParts) => string> = {
  YYYY: (p) => pad(p.year, 4),
  MM: (p) => pad(p.month),
  M: (p) => String(p.month),
  DD: (p) => pad(p.day),
  D: (p) => String(p.day),
  HH: (p) => pad(p.hour),
  H: (p) => String(p.hour),
  mm: (p) => pad(p.minute),
  ss: (p) => pad(p.second),
};
// Longest tokens first; text in [brackets] is copied as it is (as in dayjs).
const TOKEN_RE = /\[([^\]]*)\]|YYYY|MM|M|DD|D|HH|H|mm|ss/g;

/**
 * Formats an instant in China time with dayjs-style tokens: YYYY, MM/M, DD/D, HH/H, mm, ss; [text] is literal.
 * A missing or invalid instant gives "".
 */
export function formatChinaTime(at: number | Date | null | undefined, pattern: string): string {
  const p = chinaParts(at);
  if (!p) return "";
  return pattern.replace(TOKEN_RE, (token, literal: string | undefined) => (literal !== undefined ? literal : TOKENS[token]!(p)));
}

/** 2026-11-25 */
export const chinaDate = (at: number | Date | null | undefined) => formatChinaTime(at, "YYYY-MM-DD");
/** 2026-11-25 19:20 */
export const chinaDateTime = (at: number | Date | null | undefined) => formatChinaTime(at, "YYYY-MM-DD HH:mm");
/** 2026-11-25 19:20:05 */
export const chinaDateTimeSeconds = (at: number | Date | null | undefined) => formatChinaTime(at, "YYYY-MM-DD HH:mm:ss");
/** 2026年11月25日 */
export const chinaDateText = (at: number | Date | null | undefined) => formatChinaTime(at, "YYYY年M月D日");
/** The calendar year in China at that instant. */
export const chinaYear = (at: number | Date) => chinaParts(at)?.year ?? NaN;

/** China has kept UTC+8 without daylight saving since 1991: day boundaries are plain arithmetic. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The first millisecond of the China calendar day that contains `ms` (e.g. "today" in China). */
export function startOfChinaDay(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** The last millisecond of the China calendar day that contains `ms` (e.g. a validity that ends that day). */
export function endOfChinaDay(ms: number): number {
  return startOfChinaDay(ms) + DAY_MS - 1;
}
