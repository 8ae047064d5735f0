// Shared fixtures and fast-check arbitraries for the engine tests.
import fc from "fast-check";
import type { MotorUnitInput } from "../../../workers/engines";
import { GB18613_2020_TABLE1 } from "../../../workers/engines/standards/gb18613-2020";

/** T13's July weekday: 00–06 800, 06–08 1,200, 08–11 1,800, 11–13 800, 13–22 1,800, 22–24 1,000 kW. */
export function t13Day(): number[] {
  const kw: number[] = [];
  for (let s = 0; s < 96; s++) {
    const h = s / 4;
    kw.push(h < 6 ? 800 : h < 8 ? 1200 : h < 11 ? 1800 : h < 13 ? 800 : h < 22 ? 1800 : 1000);
  }
  return kw;
}

export const ratedKwArb = fc.oneof(
  fc.constantFrom(...GB18613_2020_TABLE1.map((r) => r.kw)),
  fc.double({ min: 0.75, max: 1000, noNaN: true }),
);
export const polesArb = fc.constantFrom(2 as const, 4 as const, 6 as const, 8 as const);

const efficiencyArb = fc.oneof(
  fc.constantFrom("gb2020_3", "gb2020_2", "gb2012_2", "ye3", "ie3").map((cls) => ({ source: "class" as const, cls: cls as "ye3" })),
  fc.double({ min: 70, max: 96, noNaN: true }).map((p) => ({ source: "nameplate" as const, fullLoadPercent: p })),
);

const flowProfileArb = fc
  .array(fc.record({ flowRatio: fc.double({ min: 0.5, max: 1, noNaN: true }), weight: fc.double({ min: 0.05, max: 1, noNaN: true }) }), {
    minLength: 1,
    maxLength: 4,
  })
  .map((bins) => {
    const total = bins.reduce((s, b) => s + b.weight, 0);
    return bins.map((b) => ({ flowRatio: b.flowRatio, timeShare: b.weight / total }));
  });

/** A valid motor as the mapping module would produce it (some with pump or fan VFD data). */
export const motorArb: fc.Arbitrary<MotorUnitInput> = fc
  .record({
    ratedKw: ratedKwArb,
    poles: polesArb,
    efficiency: efficiencyArb,
    annualHours: fc.double({ min: 100, max: 8760, noNaN: true }),
    loadFactor: fc.double({ min: 0.05, max: 1.25, noNaN: true }),
    drive: fc.constantFrom("direct" as const, "v_belt" as const, "notched_belt" as const, "synchronous_belt" as const),
    kind: fc.constantFrom("other", "pump", "fan", "constant_torque"),
    profile: flowProfileArb,
    staticShare: fc.double({ min: 0, max: 0.8, noNaN: true }),
    quantity: fc.integer({ min: 1, max: 5 }),
    rewound: fc.boolean(),
  })
  .map((r) => {
    const unit: MotorUnitInput = {
      name: "m",
      quantity: r.quantity,
      ratedKw: r.ratedKw,
      poles: r.poles,
      efficiency: r.efficiency,
      rewound: r.rewound,
      annualHours: r.annualHours,
      load: { method: "load_factor", loadFactor: r.loadFactor },
      drive: r.drive,
      vfdPresent: false,
      application: r.kind as MotorUnitInput["application"],
    };
    if (r.kind === "pump") {
      unit.flowControl = "throttle_valve";
      unit.pump = { designFlowM3h: r.ratedKw * 4, designHeadM: 30, bepEfficiency: 0.75, staticHeadM: 30 * r.staticShare };
      unit.flowProfile = r.profile;
    } else if (r.kind === "fan") {
      unit.flowControl = "outlet_damper";
      unit.fan = { designFlowM3h: r.ratedKw * 900, designPressurePa: 1500, fanEfficiency: 0.75, staticPressurePa: 1500 * r.staticShare };
      unit.flowProfile = r.profile;
    }
    return unit;
  });
