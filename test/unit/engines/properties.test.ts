// Property tests over random valid inputs (issue 2 "Done means"): savings never negative, energy
// conserved, a higher grade never uses more energy, VFD savings fall as static head rises, costs scale
// linearly with price — and no NaN or Infinity anywhere.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assessElectricityCost, assessMotorSystem, assessStenter, type MotorUnitInput } from "../../../workers/engines";
import { dutyEnergy } from "../../../workers/engines/motors/duty";
import { fanVfdSavings, pumpVfdSavings } from "../../../workers/engines/pumps-fans/vfd-savings";
import { gb18613Efficiency } from "../../../workers/engines/standards/gb18613-2020";
import { partLoadRow } from "../../../workers/engines/standards/motor-part-load";
import { motorArb, polesArb, ratedKwArb, t13Day } from "./fixtures";
import { nonFinitePaths } from "./helpers";

// ENGINE_PROPERTY_RUNS raises the count for a deeper local run; the default keeps CI fast.
const SCALE = Number(process.env.ENGINE_PROPERTY_RUNS ?? 1);
const RUNS = { numRuns: 150 * SCALE };
type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;
const rel = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** motors.md §3 written out independently of the engine: Lagrange through the five nodes. */
function ratioByHand(ratedKw: number, lf: number): number {
  const row = partLoadRow(ratedKw);
  const xs = [0.25, 0.5, 0.75, 1, 1.25];
  const ys = [row.r25, row.r50, row.r75, 1, 0.99];
  let r = 0;
  for (let i = 0; i < 5; i++) {
    let w = 1;
    for (let j = 0; j < 5; j++) if (j !== i) w *= (lf - xs[j]) / (xs[i] - xs[j]);
    r += w * ys[i];
  }
  return r;
}

const plantArb = fc.record({
  motors: fc.array(motorArb, { minLength: 1, maxLength: 6 }),
  price: fc.double({ min: 0.3, max: 1.5, noNaN: true }),
  province: fc.constantFrom(undefined, "jiangsu", "guangdong", "shandong"),
});

describe("motor engine properties", () => {
  it("savings are never negative and results are always finite", () => {
    fc.assert(
      fc.property(plantArb, ({ motors, price, province }) => {
        const r = assessMotorSystem({ province, electricityPriceYuanPerKwh: price, motors });
        expect(nonFinitePaths(r)).toEqual([]);
        for (const m of r.motors) {
          const p = m.perUnit;
          expect(p.upgradeGrade1.savingKwh).toBeGreaterThanOrEqual(0);
          expect(p.upgradeGrade2.savingKwh).toBeGreaterThanOrEqual(0);
          expect(p.vfd?.savingKwh ?? 0).toBeGreaterThanOrEqual(0);
          expect(p.beltFix?.savingKwh ?? 0).toBeGreaterThanOrEqual(0);
          expect(p.package.savingKwh).toBeGreaterThanOrEqual(0);
          for (const s of p.package.steps) expect(s.savingKwh).toBeGreaterThan(0);
          expect(m.costSavingYuan).toBeGreaterThanOrEqual(0);
        }
        expect(r.totals.savingKwh).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  }, 600_000);

  it("energy is conserved: baseline = proposed + savings, per measure, per package and for the plant", () => {
    fc.assert(
      fc.property(plantArb, ({ motors, price }) => {
        const r = assessMotorSystem({ electricityPriceYuanPerKwh: price, motors });
        let baseline = 0;
        let saving = 0;
        for (const m of r.motors) {
          const p = m.perUnit;
          for (const up of [p.upgradeGrade1, p.upgradeGrade2]) expect(rel(up.baselineKwh, up.proposedKwh + up.savingKwh)).toBe(true);
          if (p.vfd && p.vfd.status === "assessed") expect(rel(p.vfd.baselineKwh, p.vfd.vfdKwh + p.vfd.savingKwh)).toBe(true);
          const steps = p.package.steps.reduce((s, st) => s + st.savingKwh, 0);
          expect(rel(p.package.baselineKwh, p.package.proposedKwh + steps)).toBe(true);
          expect(rel(p.package.baselineKwh, p.baselineKwh)).toBe(true);
          baseline += m.baselineKwh;
          saving += m.savingKwh;
        }
        expect(rel(r.totals.baselineKwh, baseline)).toBe(true);
        expect(rel(r.totals.savingKwh, saving)).toBe(true);
      }),
      RUNS,
    );
  }, 600_000);

  it("the upgrade's proposed energy matches motors.md §5 computed by hand (direct drive, LF > 0.25)", () => {
    fc.assert(
      fc.property(
        ratedKwArb,
        polesArb,
        fc.double({ min: 0.26, max: 1.25, noNaN: true }),
        fc.double({ min: 100, max: 8760, noNaN: true }),
        (kw, poles, lf, hours) => {
          const unit: MotorUnitInput = {
            name: "m",
            ratedKw: kw,
            poles,
            efficiency: { source: "class", cls: "gb2020_3" },
            annualHours: hours,
            load: { method: "load_factor", loadFactor: lf },
            drive: "direct",
            vfdPresent: false,
            application: "other",
          };
          const up = assessMotorSystem({ electricityPriceYuanPerKwh: 0.7, motors: [unit] }).motors[0].perUnit.upgradeGrade1;
          const ps = kw * lf;
          const eOld = (ps * hours) / ((gb18613Efficiency(kw, poles, 3) ?? 0) * ratioByHand(kw, lf));
          const eNew = (ps * hours) / ((gb18613Efficiency(kw, poles, 1) ?? 0) * ratioByHand(kw, lf));
          expect(Math.abs(up.baselineKwh - eOld) / eOld).toBeLessThan(1e-9);
          expect(Math.abs(up.proposedKwh - eNew) / eNew).toBeLessThan(1e-9);
        },
      ),
      RUNS,
    );
  }, 600_000);

  it("a higher grade never uses more energy", () => {
    fc.assert(
      fc.property(
        ratedKwArb,
        polesArb,
        fc.double({ min: 0.01, max: 1.25, noNaN: true }),
        fc.double({ min: 1, max: 8760, noNaN: true }),
        fc.constantFrom("direct" as const, "v_belt" as const),
        fc.boolean(),
        (kw, poles, lf, hours, drive, vfdInLine) => {
          const energy = (grade: 1 | 2 | 3) =>
            dutyEnergy([{ hours, loadShaftKw: kw * lf }], {
              motor: { ratedKw: kw, fullLoadEfficiency: gb18613Efficiency(kw, poles, grade) ?? 0 },
              drive,
              vfdInLine,
            }).kwh;
          expect(energy(1)).toBeLessThanOrEqual(energy(2));
          expect(energy(2)).toBeLessThanOrEqual(energy(3));
        },
      ),
      { numRuns: 300 * SCALE },
    );
  }, 600_000);

  it("upgrading to grade 1 saves at least as much as upgrading to grade 2", () => {
    fc.assert(
      fc.property(plantArb, ({ motors, price }) => {
        const r = assessMotorSystem({ electricityPriceYuanPerKwh: price, motors });
        for (const m of r.motors) expect(m.perUnit.upgradeGrade1.savingKwh).toBeGreaterThanOrEqual(m.perUnit.upgradeGrade2.savingKwh - 1e-9);
      }),
      RUNS,
    );
  }, 600_000);

  it("costs scale linearly with the electricity price", () => {
    fc.assert(
      fc.property(plantArb, fc.double({ min: 0.2, max: 5, noNaN: true }), ({ motors, price }, k) => {
        const a = assessMotorSystem({ electricityPriceYuanPerKwh: price, motors });
        const b = assessMotorSystem({ electricityPriceYuanPerKwh: price * k, motors });
        expect(rel(b.totals.baselineCostYuan, k * a.totals.baselineCostYuan)).toBe(true);
        expect(rel(b.totals.costSavingYuan, k * a.totals.costSavingYuan)).toBe(true);
        expect(rel(b.totals.savingKwh, a.totals.savingKwh)).toBe(true);
      }),
      RUNS,
    );
  }, 600_000);
});

describe("VFD savings fall as static head rises", () => {
  const motor = { ratedKw: 37, fullLoadEfficiency: 0.939 };
  const bins = fc.array(
    fc.record({ flowRatio: fc.double({ min: 0.5, max: 1, noNaN: true }), hours: fc.double({ min: 1, max: 4000, noNaN: true }) }),
    { minLength: 1, maxLength: 4 },
  );
  it("pumps (throttled baseline)", () => {
    fc.assert(
      fc.property(bins, fc.double({ min: 0, max: 0.9, noNaN: true }), fc.double({ min: 0, max: 0.9, noNaN: true }), (b, s1, s2) => {
        const [lo, hi] = s1 <= s2 ? [s1, s2] : [s2, s1];
        const sys = (share: number) => ({ designFlowM3h: 200, designHeadM: 40, bepEfficiency: 0.78, staticHeadM: 40 * share });
        const low = pumpVfdSavings(sys(lo), motor, "direct", "throttle_valve", b);
        const high = pumpVfdSavings(sys(hi), motor, "direct", "throttle_valve", b);
        expect(high.savingKwh).toBeLessThanOrEqual(low.savingKwh + 1e-9);
      }),
      RUNS,
    );
  }, 600_000);
  it("fans (outlet-damper baseline, static pressure)", () => {
    fc.assert(
      fc.property(bins, fc.double({ min: 0, max: 0.9, noNaN: true }), fc.double({ min: 0, max: 0.9, noNaN: true }), (b, s1, s2) => {
        const [lo, hi] = s1 <= s2 ? [s1, s2] : [s2, s1];
        const sys = (share: number) => ({ designFlowM3h: 60000, designPressurePa: 1800, fanEfficiency: 0.78, staticPressurePa: 1800 * share });
        const fanMotor = { ratedKw: 55, fullLoadEfficiency: 0.946 };
        const low = fanVfdSavings(sys(lo), fanMotor, "direct", b);
        const high = fanVfdSavings(sys(hi), fanMotor, "direct", b);
        expect(high.savingKwh).toBeLessThanOrEqual(low.savingKwh + 1e-9);
      }),
      RUNS,
    );
  }, 600_000);
});

describe("stenter engine properties", () => {
  const stenterArb = fc.record({
    flow: fc.double({ min: 2000, max: 40000, noNaN: true }),
    tEx: fc.double({ min: 90, max: 220, noNaN: true }),
    x: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
    tCold: fc.double({ min: -10, max: 40, noNaN: true }),
    eps: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
    hours: fc.double({ min: 100, max: 8760, noNaN: true }),
    heating: fc.constantFrom("direct_gas" as const, "thermal_oil_gas" as const, "thermal_oil_coal" as const, "steam" as const),
    price: fc.double({ min: 0.5, max: 1000, noNaN: true }),
    basis: fc.constantFrom("actual" as const, "normal" as const),
  });
  const run = (s: ArbValue<typeof stenterArb>, priceFactor = 1) =>
    assessStenter({
      heating: s.heating,
      fuelPrice: s.price * priceFactor,
      electricityPriceYuanPerKwh: 0.7,
      stenters: [
        {
          name: "s",
          exhaustFlowM3h: s.flow,
          flowBasis: s.basis,
          exhaustTempC: s.tEx,
          humidity: { kind: "ratio", kgPerKgDryAir: s.x },
          coldInletTempC: s.tCold,
          effectiveness: s.eps,
          annualHours: s.hours,
          fanPenalty: { pressureDropPa: 300, fanEfficiency: 0.65 },
        },
      ],
    });
  it("recovered heat and savings are never negative, the dew-point rule holds, all finite", () => {
    fc.assert(
      fc.property(stenterArb, (s) => {
        const r = run(s);
        const u = r.stenters[0];
        expect(nonFinitePaths(r)).toEqual([]);
        expect(u.recoveredKw).toBeGreaterThanOrEqual(0);
        expect(u.fuelSaved.amount).toBeGreaterThanOrEqual(0);
        expect(u.costSavingYuan).toBeGreaterThanOrEqual(0);
        expect(u.effectivenessUsed).toBeLessThanOrEqual(s.eps + 1e-12);
        if (u.recoveredKw > 0) expect(u.exhaustOutTempC).toBeGreaterThanOrEqual(u.dewPointC + 10 - 1e-6);
        // Energy balance of the hot side: Φ = C_h·(T_ex − T_out).
        expect(rel(u.recoveredKw, u.hotCapacityKwPerK * (s.tEx - u.exhaustOutTempC))).toBe(true);
      }),
      RUNS,
    );
  }, 600_000);
  it("money scales linearly with the fuel price; energy does not change", () => {
    fc.assert(
      fc.property(stenterArb, fc.double({ min: 0.2, max: 5, noNaN: true }), (s, k) => {
        const a = run(s);
        const b = run(s, k);
        expect(rel(b.totals.costSavingYuan, k * a.totals.costSavingYuan)).toBe(true);
        expect(rel(b.totals.annualHeatKwh, a.totals.annualHeatKwh)).toBe(true);
      }),
      RUNS,
    );
  }, 600_000);
});

describe("electricity engine properties", () => {
  const curveArb = fc.record({
    scale: fc.array(fc.double({ min: 0.2, max: 2, noNaN: true }), { minLength: 96, maxLength: 96 }),
    days: fc.integer({ min: 1, max: 3 }),
    province: fc.constantFrom("jiangsu", "guangdong", "zhejiang", "shanghai", "beijing"),
    month: fc.constantFrom("01", "04", "07", "08", "12"),
    peak: fc.double({ min: 0.8, max: 1.4, noNaN: true }),
    flat: fc.double({ min: 0.5, max: 0.8, noNaN: true }),
    valley: fc.double({ min: 0.2, max: 0.5, noNaN: true }),
    power: fc.integer({ min: 100, max: 2000 }),
    hours: fc.double({ min: 1, max: 4, noNaN: true }),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  const run = (c: ArbValue<typeof curveArb>, k = 1) => {
    const day = t13Day().map((v, i) => v * c.scale[i]);
    const kw = Array.from({ length: c.days }, () => day).flat();
    return assessElectricityCost({
      province: c.province,
      category: "two_part",
      prices: { mode: "periods", critical: c.peak * 1.2 * k, peak: c.peak * k, flat: c.flat * k, valley: c.valley * k },
      basic: { transformerKva: 3000, currentBasis: "capacity", capacityPriceYuanPerKva: 25 * k, demandPriceYuanPerKw: 40 * k },
      loadCurve: { kw, intervalMinutes: 15, startDate: `2026-${c.month}-01` },
      storage: { powerKw: c.power, energyKwh: c.power * c.hours, capexYuan: c.power * c.hours * 1000 },
      shiftableShare: c.share,
    });
  };
  it("savings are never negative, the battery's energy balance holds, all finite", () => {
    fc.assert(
      fc.property(curveArb, (c) => {
        const r = run(c);
        expect(nonFinitePaths(r)).toEqual([]);
        const s = r.storage!;
        expect(s.annualHeadlineYuan).toBeGreaterThanOrEqual(0);
        expect(s.annualUpsideYuan).toBeGreaterThanOrEqual(0);
        expect(s.annualDischargeKwh).toBeLessThanOrEqual(s.usableKwh * s.operatingDays + 1e-6);
        // Conservation through the battery: grid charge = discharge + losses, losses = charge·(1 − η_rt).
        expect(rel(s.annualChargeKwh, s.annualDischargeKwh + s.annualLossKwh)).toBe(true);
        expect(rel(s.annualLossKwh, s.annualChargeKwh * (1 - s.roundTripEfficiency))).toBe(true);
        for (const item of r.optimisation.items) expect(item.annualSavingYuan).toBeGreaterThanOrEqual(0);
        expect(r.twoPart!.savingYuan).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 80 * SCALE },
    );
  }, 600_000);
  it("energy by period adds up to the curve's energy", () => {
    fc.assert(
      fc.property(curveArb, (c) => {
        const r = run(c);
        expect(rel(r.tou.kwh, r.loadStatistics!.totalKwh)).toBe(true);
      }),
      { numRuns: 80 * SCALE },
    );
  }, 600_000);
  it("costs and savings scale linearly with all prices", () => {
    fc.assert(
      fc.property(curveArb, fc.double({ min: 0.2, max: 5, noNaN: true }), (c, k) => {
        const a = run(c);
        const b = run(c, k);
        expect(rel(b.tou.costYuan, k * a.tou.costYuan)).toBe(true);
        expect(rel(b.optimisation.annualBillYuan, k * a.optimisation.annualBillYuan)).toBe(true);
        expect(Math.abs(b.storage!.annualHeadlineYuan - k * a.storage!.annualHeadlineYuan)).toBeLessThanOrEqual(1e-6 * Math.max(1, k * a.storage!.annualHeadlineYuan));
        expect(rel(b.twoPart!.savingYuan, k * a.twoPart!.savingYuan)).toBe(true);
        expect(rel(b.tou.kwh, a.tou.kwh)).toBe(true);
      }),
      { numRuns: 80 * SCALE },
    );
  }, 600_000);
});
