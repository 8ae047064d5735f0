// Engine timing: a 50-motor plant and a full year of 15-minute load data (35,040 points).
// Bundles workers/engines/index.ts with esbuild into a temporary .mjs (Node 20 cannot load TypeScript),
// then times each case over 30 runs after a warm-up. Run alone: `node bench/engines.mjs` prints JSON.
import { build } from "esbuild";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = 30;
const WARMUP = 10;

async function loadEngines() {
  const dir = await mkdtemp(join(tmpdir(), "engines-bench-"));
  const outfile = join(dir, "engines.mjs");
  await build({
    entryPoints: [join(ROOT, "workers/engines/index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    outfile,
    logLevel: "silent",
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Deterministic pseudo-random numbers so every run times the same plant. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const RATINGS = [5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75, 90, 110, 132, 160];

function plant50() {
  const r = rng(42);
  const motors = [];
  for (let i = 0; i < 50; i++) {
    const ratedKw = RATINGS[Math.floor(r() * RATINGS.length)];
    const kind = i % 5;
    const poles = [2, 4, 4, 6][i % 4];
    // Old YE2 (IE2) motors exist only as 4-pole in the tables; the others are YE3 or 2012-grade-2.
    const cls = poles === 4 ? (i % 8 < 4 ? "ye2" : "gb2012_2") : "ye3";
    const unit = {
      name: `${i + 1}#电机`,
      ratedKw,
      poles,
      efficiency: { source: "class", cls },
      annualHours: 3000 + Math.floor(r() * 5000),
      load: { method: "load_factor", loadFactor: 0.3 + r() * 0.7 },
      drive: ["direct", "v_belt", "direct", "notched_belt", "direct"][kind],
      vfdPresent: false,
      application: kind === 0 ? "pump" : kind === 1 ? "fan" : "other",
    };
    if (kind === 0) {
      unit.flowControl = "throttle_valve";
      unit.pump = { designFlowM3h: ratedKw * 4, designHeadM: 32, bepEfficiency: 0.78, staticHeadM: 8 };
      unit.flowProfile = [
        { flowRatio: 1.0, timeShare: 0.2 },
        { flowRatio: 0.8, timeShare: 0.5 },
        { flowRatio: 0.6, timeShare: 0.3 },
      ];
    } else if (kind === 1) {
      unit.flowControl = "outlet_damper";
      unit.fan = { designFlowM3h: ratedKw * 1000, designPressurePa: 1800, fanEfficiency: 0.78, staticPressurePa: 0 };
      unit.flowProfile = [
        { flowRatio: 1.0, timeShare: 0.3 },
        { flowRatio: 0.7, timeShare: 0.7 },
      ];
    }
    motors.push(unit);
  }
  return { province: "jiangsu", electricityPriceYuanPerKwh: 0.72, motors };
}

function yearCurve() {
  const r = rng(7);
  const kw = new Array(35040);
  for (let i = 0; i < kw.length; i++) {
    const h = (i % 96) / 4;
    const dayShape = h < 7 ? 600 : h < 12 ? 1500 : h < 13 ? 900 : h < 21 ? 1600 : 1000;
    kw[i] = dayShape * (0.85 + 0.3 * r());
  }
  return {
    province: "jiangsu",
    category: "two_part",
    prices: { mode: "components", floatingBaseYuanPerKwh: 0.42, nonFloatingYuanPerKwh: 0.24 },
    basic: { transformerKva: 2500, currentBasis: "capacity", capacityPriceYuanPerKva: 25, demandPriceYuanPerKw: 40 },
    loadCurve: { kw, intervalMinutes: 15, startDate: "2025-01-01" },
    shiftableShare: 0.1,
    storage: { powerKw: 500, energyKwh: 1000 },
  };
}

function time(fn) {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const q = (p) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)];
  const round = (x) => Math.round(x * 1000) / 1000;
  return { median: round(q(0.5)), p95: round(q(0.95)) };
}

export async function run() {
  const engines = await loadEngines();
  const plant = plant50();
  const curve = yearCurve();
  return {
    motors50_ms: time(() => engines.assessMotorSystem(plant)),
    loadCurve35040_ms: time(() => engines.assessElectricityCost(curve)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  run().then((r) => console.log(JSON.stringify(r, null, 2)));
}
