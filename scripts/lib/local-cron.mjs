// Local crons (issue 26 item 1): `wrangler dev` never runs the wrangler.toml crons, so the local server would never
// sweep jobs, close unpaid orders or purge anything. startServer runs wrangler dev with --test-scheduled and this
// driver calls its /__scheduled endpoint on the crons' schedule (in UTC, as Cloudflare runs them), and once right
// after start, so work a restart dropped (local queues live in memory) is recovered at once.
import { readFileSync } from "node:fs";
import path from "node:path";

/** The `crons = [...]` of wrangler.toml's [triggers]. */
export function readCrons(root) {
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const m = /^\[triggers\][^[]*?crons\s*=\s*\[([^\]]*)\]/m.exec(toml);
  return m ? [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]) : [];
}

function field(spec, min, max) {
  const values = new Set();
  for (const part of spec.split(",")) {
    const [range, stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    let [lo, hi] = range === "*" ? [min, max] : range.split("-").map(Number);
    if (hi === undefined) hi = stepText ? max : lo;
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || !Number.isInteger(step) || step < 1) throw new Error(`unsupported cron field "${spec}"`);
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return values;
}

/** A matcher for a five-field cron expression (numbers, *, ranges, lists, steps; day-of-week 0–7 with 0/7 Sunday). */
export function cronMatcher(expr) {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`unsupported cron "${expr}"`);
  const [min, hour, dom, mon, dow] = [field(parts[0], 0, 59), field(parts[1], 0, 23), field(parts[2], 1, 31), field(parts[3], 1, 12), field(parts[4], 0, 7)];
  if (dow.has(7)) dow.add(0);
  const domAny = parts[2] === "*";
  const dowAny = parts[4] === "*";
  return (date) => {
    if (!min.has(date.getUTCMinutes()) || !hour.has(date.getUTCHours()) || !mon.has(date.getUTCMonth() + 1)) return false;
    const d = dom.has(date.getUTCDate());
    const w = dow.has(date.getUTCDay());
    // Standard cron: when both day fields are restricted, either may match.
    return domAny && dowAny ? true : domAny ? w : dowAny ? d : d || w;
  };
}

/** The next minute at or after `from` (exclusive of the current minute) that matches; searched up to a year ahead. */
export function nextRun(expr, from = Date.now()) {
  const matches = cronMatcher(expr);
  let t = Math.floor(from / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < 366 * 24 * 60; i++, t += 60_000) if (matches(new Date(t))) return t;
  throw new Error(`cron "${expr}" never fires`);
}

/**
 * Drive the scheduled handler of a local server at `url`. `intervalMs` (tests, LOCAL_CRON_INTERVAL_MS) replaces the
 * schedule with a fixed period. Returns stop().
 */
export function startLocalCron({ url, root, intervalMs, log = () => undefined }) {
  const crons = readCrons(root);
  if (!crons.length) return { stop() {} };
  let stopped = false;
  let timer;
  const fire = async (cron, at) => {
    try {
      const res = await fetch(`${url}/__scheduled?cron=${encodeURIComponent(cron)}&time=${at}`);
      await res.arrayBuffer();
      log(`cron ${cron}: ${res.status}`);
    } catch (e) {
      log(`cron ${cron}: ${String(e)}`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    const now = Date.now();
    const due = intervalMs ? crons.map((c) => [c, now + intervalMs]) : crons.map((c) => [c, nextRun(c, now)]);
    const at = Math.min(...due.map(([, t]) => t));
    timer = setTimeout(async () => {
      for (const [cron, t] of due) if (t === at) await fire(cron, at);
      schedule();
    }, at - now);
    timer.unref?.();
  };
  // Once at start: recover what the last run left behind.
  void (async () => {
    for (const cron of crons) await fire(cron, Date.now());
    schedule();
  })();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
