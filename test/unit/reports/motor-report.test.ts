// Issue 15, motor card: a measured input power sets the baseline, the report says which rows are measured, the
// installed capacity is the exact sum, per-bin VFD detail with the fan's compressibility factor, named
// plausibility warnings.
import { describe, expect, it } from "vitest";
import { assessMotorSystemFromAnswers } from "../../support/cards";
import { motorAnswers } from "../engines/answers-fixtures";
import { docFor, pdfText } from "./pdf-text";

/** The fixture with a third row appended (every motor_* / pump_* / flow_* / quote_* key gets one more value). */
function withRow(a: Record<string, string[]>, row: Record<string, string>): Record<string, string[]> {
  const out = structuredClone(a);
  const n = out.motor_name.length;
  for (const [k, v] of Object.entries(out)) if (v.length === n) out[k] = [...v, row[k] ?? ""];
  return out;
}

describe("motor report", () => {
  it("a measured input power (41 kW on the throttled pump) sets the baseline; the flow model only shapes the bins", () => {
    const a = motorAnswers();
    a.motor_measured_input_kw = ["", "41"];
    const r = assessMotorSystemFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const pump = r.result.motors[1];
    expect(pump.loadBasis).toBe("measured");
    expect(pump.baselineKwh).toBeCloseTo(41 * 6000, 3);
    expect(pump.baselineMean.inputKw).toBeCloseTo(41, 6);
    // The VFD saving scales with the calibrated duty and stays below the baseline.
    expect(pump.perUnit.vfd!.calibration!.measuredInputKw).toBe(41);
    expect(pump.perUnit.vfd!.baselineKwh).toBeCloseTo(41 * 6000, 3);
    expect(pump.perUnit.vfd!.savingKwh).toBeGreaterThan(0);
    expect(pump.perUnit.vfd!.savingShare!).toBeCloseTo(0.415, 1);
    expect(r.result.motors[0].loadBasis).toBe("estimated");
    // The equipment table's mean input × hours reproduces its kWh column for every row.
    const doc = docFor("motor", a);
    const table = doc.sections[0].blocks[0];
    if (table.kind !== "table") throw new Error("table");
    expect(table.columns.map((c) => c.label)).toContain("负载来源");
    expect(table.rows[1][6]).toBe("实测");
    expect(table.rows[0][6]).toBe("估算");
    for (const m of r.result.motors) expect(m.baselineMean.inputKw * m.annualHours * m.quantity).toBeCloseTo(m.baselineKwh, 3);
  });

  it("the installed capacity is the exact sum (1,512.5 kW), in the summary and the table total", async () => {
    let a = motorAnswers();
    a.motor_quantity = ["24", "5"];
    a = withRow(a, {
      motor_name: "3#风机",
      motor_quantity: "1",
      motor_rated_kw: "7.5",
      motor_rated_speed_rpm: "1450",
      motor_efficiency_class: "gb2020_3",
      motor_rewound: "no",
      motor_annual_hours: "4000",
      motor_load_factor_pct: "70",
      motor_drive: "direct",
      motor_vfd_present: "no",
      motor_application: "other",
    });
    const r = assessMotorSystemFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.result.totals.installedKw).toBe(1512.5);
    const text = (await pdfText(docFor("motor", a))).join("\n");
    expect(text).toContain("装机容量1,512.5 kW");
    expect(text).not.toContain("1,510 kW");
  }, 60_000);

  it("a fan's VFD shows its per-bin detail and the compressibility factor Kp used", () => {
    const a = motorAnswers();
    a.motor_application = ["constant_torque", "fan"];
    a.motor_flow_control = ["", "outlet_damper"];
    a.motor_rated_kw = ["55", "75"];
    a.motor_measured_input_kw = ["", ""];
    a.motor_load_factor_pct = ["75", "80"];
    Object.assign(a, {
      pump_design_flow_m3h: ["", ""],
      pump_design_head_m: ["", ""],
      pump_bep_efficiency_pct: ["", ""],
      pump_static_head_m: ["", ""],
      fan_design_flow_m3h: ["", "100000"],
      fan_design_pressure_pa: ["", "1800"],
      fan_efficiency_pct: ["", "78"],
      fan_static_pressure_pa: ["", "0"],
      flow_bin1_pct: ["", "100"],
      flow_bin1_time_pct: ["", "20"],
      flow_bin2_pct: ["", "80"],
      flow_bin2_time_pct: ["", "50"],
      flow_bin3_pct: ["", "60"],
      flow_bin3_time_pct: ["", "30"],
    });
    const doc = docFor("motor", a);
    const vfd = doc.sections.find((s) => s.title.includes("变频"))!;
    const detail = vfd.blocks.find((b) => b.kind === "table" && b.title?.includes("分工况明细"));
    expect(detail && detail.kind === "table" && detail.rows.length).toBe(3);
    expect(vfd.blocks.some((b) => b.kind === "bullets" && b.items.some((i) => i.includes("Kp = 1.0000")))).toBe(true);
  });

  it("a 5 % load factor carries the named warning; the right-sizing suggestion says verify first", () => {
    const a = motorAnswers();
    a.motor_load_factor_pct = ["5", ""];
    const doc = docFor("motor", a);
    const warn = doc.sections.find((s) => s.title === "数据合理性提示");
    expect(warn, "warning section").toBeTruthy();
    expect(JSON.stringify(warn)).toContain("负载率仅5.0%");
    const sizing = doc.sections.find((s) => s.title.startsWith("电机容量优化"))!;
    expect(JSON.stringify(sizing)).toContain("核实后再定");
  });

  it("a huge plant (1,000 motors) carries the named warning", () => {
    const a = motorAnswers();
    a.motor_quantity = ["500", "500"];
    const r = assessMotorSystemFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.result.warnings.map((w) => w.code)).toContain("plant_total_huge");
    expect(JSON.stringify(docFor("motor", a).sections)).toContain("超出一般单个工厂电机系统规模");
  });
});
