// Plant energy balance (全厂能源平衡, issue 22 item 9): 综合能耗 per GB/T 2589-2020 across carriers, in 当量值 and
// 等价值; how much of it rests on meters; cross-checks between what cards say (a motor inventory against the
// metered electricity, equipment sums against any meter); energy per unit of product against the industry limit.
// Conversion factors are the engines' own (carbon.ts over standards/carbon-factors.ts), never repeated here.
import { coalCarbon, electricityCarbon, gridFactorFor, naturalGasCarbon, steamCarbon, type CarbonFigure } from "../carbon/carbon";
import { ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE, STEAM_DEFAULT_ENTHALPY_KJ_PER_KG, STANDARD_COAL_SOURCE } from "../standards/carbon-factors";
import {
  EQUIPMENT_OVER_METERED_TOLERANCE,
  METER_DISAGREEMENT_TOLERANCE,
  MOTOR_SHARE_OF_METERED_BAND,
  OUTPUT_UNIT_NAMES,
  UNIT_ENERGY_LIMITS,
} from "../standards/plant-balance";
import { note, type EngineNote } from "../shared/notes";
import type { CarrierBalance, PerUnitEnergy, PlantBalanceInput, PlantBalanceResult, PlantCarrier, PlantCheck, PlantUse } from "./types";

/** Carriers in the order a balance table lists them. */
export const PLANT_CARRIERS: readonly PlantCarrier[] = ["electricity", "natural_gas", "steam", "coal"];

export const CARRIER_NAMES: Record<PlantCarrier, { name: string; unit: string }> = {
  electricity: { name: "电力", unit: "kWh" },
  natural_gas: { name: "天然气", unit: "m³" },
  steam: { name: "蒸汽", unit: "t" },
  coal: { name: "原煤", unit: "t" },
};

/** A quantity as the messages print it: thousands separated, at most 4 significant digits (3 below 100). */
export function plainNumber(n: number): string {
  if (Math.abs(n) >= 100) return Math.round(Number(n.toPrecision(4))).toLocaleString("en-US");
  return String(Number(n.toPrecision(3)));
}

const pct = (r: number) => `${String(Number((r * 100).toPrecision(3)))}%`;

/** tce of one carrier's quantity through the engines' conversion (carbon.ts). */
function carbonOf(carrier: PlantCarrier, quantity: number, input: PlantBalanceInput): CarbonFigure {
  switch (carrier) {
    case "electricity":
      // The grid factor only matters for CO2; 综合能耗 does not depend on it.
      return electricityCarbon(quantity, gridFactorFor(null), ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE);
    case "natural_gas":
      return naturalGasCarbon(quantity, input.gasLhvMjPerM3);
    case "steam":
      return steamCarbon(quantity, input.steamEnthalpyKjPerKg ?? STEAM_DEFAULT_ENTHALPY_KJ_PER_KG);
    case "coal":
      return coalCarbon(quantity * 1000, input.coalLhvMjPerKg);
  }
}

function carrierBalance(carrier: PlantCarrier, uses: readonly PlantUse[], input: PlantBalanceInput): Omit<CarrierBalance, "share"> | null {
  const metered = uses.filter((u) => u.role === "metered");
  const equipment = uses.filter((u) => u.role === "equipment");
  if (!metered.length && !equipment.length) return null;
  const equipmentQuantity = equipment.reduce((s, u) => s + u.quantity, 0);
  const meter = metered[0];
  const quantity = meter ? meter.quantity : equipmentQuantity;
  const figure = carbonOf(carrier, quantity, input);
  // Per unit of the carrier's own quantity (steam and coal figures are per t here, whatever carbon.ts counts in).
  const perUnit = quantity > 0 ? (figure.tce * 1000) / quantity : carbonOf(carrier, 1, input).tce * 1000;
  const perUnitEqual = carrier === "electricity" ? ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE : perUnit;
  const { name, unit } = CARRIER_NAMES[carrier];
  return {
    carrier,
    name,
    unit,
    quantity,
    basis: meter ? "metered" : "equipment",
    meteredBy: meter ? `${meter.source}：${meter.label}` : null,
    equipmentQuantity,
    coverage: meter && meter.quantity > 0 && equipment.length ? equipmentQuantity / meter.quantity : null,
    tceEquivalent: figure.tce,
    tceEqual: carrier === "electricity" ? (figure.tceEqualValue ?? figure.tce) : figure.tce,
    factorEquivalent: { value: perUnit, unit: `kgce/${unit}`, source: carrierFactorSource(carrier, input) },
    factorEqual: {
      value: perUnitEqual,
      unit: `kgce/${unit}`,
      source: carrier === "electricity" ? "假设值：全国平均供电标准煤耗约0.300–0.305 kgce/kWh（以当年公布值为准）" : "燃料与热力的等价值与当量值相同",
    },
  };
}

function carrierFactorSource(carrier: PlantCarrier, input: PlantBalanceInput): string {
  switch (carrier) {
    case "electricity":
      return `${STANDARD_COAL_SOURCE}：3.6 MJ/kWh`;
    case "natural_gas":
      return input.gasLhvMjPerM3 === undefined
        ? `${STANDARD_COAL_SOURCE}附录系数（38,931 kJ/m³）`
        : `供气方低位热值${plainNumber(input.gasLhvMjPerM3)} MJ/m³ ÷ 29.3076 MJ/kgce（${STANDARD_COAL_SOURCE}）`;
    case "steam":
      return `按焓值${plainNumber(input.steamEnthalpyKjPerKg ?? STEAM_DEFAULT_ENTHALPY_KJ_PER_KG)} kJ/kg减20 °C给水83.74 kJ/kg折热量，0.03412 kgce/MJ（${STANDARD_COAL_SOURCE}）`;
    case "coal":
      return input.coalLhvMjPerKg === undefined
        ? `${STANDARD_COAL_SOURCE}附录系数（20,908 kJ/kg）`
        : `实测低位热值${plainNumber(input.coalLhvMjPerKg)} MJ/kg ÷ 29.3076 MJ/kgce`;
  }
}

/** Cross-checks of one carrier: meters against each other, equipment against the meter, the motor inventory's share. */
function carrierChecks(carrier: PlantCarrier, uses: readonly PlantUse[]): PlantCheck[] {
  const checks: PlantCheck[] = [];
  const metered = uses.filter((u) => u.role === "metered");
  const equipment = uses.filter((u) => u.role === "equipment");
  const { name, unit } = CARRIER_NAMES[carrier];
  const meter = metered[0];
  for (const other of metered.slice(1)) {
    if (!meter || meter.quantity <= 0) break;
    const ratio = other.quantity / meter.quantity;
    if (Math.abs(ratio - 1) > METER_DISAGREEMENT_TOLERANCE) {
      checks.push({
        code: "meters_disagree",
        level: "warning",
        carrier,
        ratio,
        message: `${name}：${other.source}填报的${other.label} ${plainNumber(other.quantity)} ${unit}与${meter.source}的${meter.label} ${plainNumber(meter.quantity)} ${unit}相差${pct(Math.abs(ratio - 1))}，全厂平衡按后者计，请核对两份调查表的统计期`,
      });
    }
  }
  if (!meter || meter.quantity <= 0 || !equipment.length) return checks;
  const sum = equipment.reduce((s, u) => s + u.quantity, 0);
  const ratio = sum / meter.quantity;
  if (ratio > 1 + EQUIPMENT_OVER_METERED_TOLERANCE) {
    const parts = equipment.map((u) => `${u.label} ${plainNumber(u.quantity)} ${unit}`).join("、");
    checks.push({
      code: "equipment_exceeds_metered",
      level: "error",
      carrier,
      ratio,
      message: `${name}：设备合计年用量${plainNumber(sum)} ${unit}（${parts}）超过全厂计量值${plainNumber(meter.quantity)} ${unit}（${pct(ratio)}），设备的运行小时、负载率或台数必有高估或重复填写`,
    });
  }
  const motors = equipment.filter((u) => u.kind === "motor_inventory");
  if (carrier === "electricity" && motors.length) {
    const motorKwh = motors.reduce((s, u) => s + u.quantity, 0);
    const share = motorKwh / meter.quantity;
    const band = `${pct(MOTOR_SHARE_OF_METERED_BAND.low)}–${pct(MOTOR_SHARE_OF_METERED_BAND.high)}`;
    const head = `电机清单年耗电${plainNumber(motorKwh)} kWh，占全厂计量用电${plainNumber(meter.quantity)} kWh的${pct(share)}`;
    // Above the meter itself the equipment check has named it already (the equipment sum includes the motors).
    if (share > 1 + EQUIPMENT_OVER_METERED_TOLERANCE) return checks;
    if (share > MOTOR_SHARE_OF_METERED_BAND.high) {
      checks.push({ code: "motor_share_high", level: "warning", carrier, ratio: share, message: `${head}，高于常见范围（${band}）：照明、电加热、空调与配电损耗等几乎无处容身，请核对电机的运行小时与负载率` });
    } else if (share < MOTOR_SHARE_OF_METERED_BAND.low) {
      checks.push({ code: "motor_share_low", level: "warning", carrier, ratio: share, message: `${head}，低于常见范围（${band}）：电机清单可能漏填了电机，或运行小时、负载率偏低` });
    } else {
      checks.push({ code: "motor_share_ok", level: "ok", carrier, ratio: share, message: `${head}，在常见范围（${band}）内` });
    }
  }
  return checks;
}

function perUnitEnergy(input: PlantBalanceInput, totalTceEquivalent: number, totalTceEqual: number): PerUnitEnergy | null {
  const out = input.output;
  if (!out || !(out.quantity > 0)) return null;
  const configured = UNIT_ENERGY_LIMITS.find((l) => l.industry === input.industry && l.unit === out.unit);
  const limit =
    out.limitKgcePerUnit !== undefined && out.limitKgcePerUnit > 0
      ? { kgcePerUnit: out.limitKgcePerUnit, product: "企业填报的限额", source: "调查表填报（如地方标准）" }
      : configured
        ? { kgcePerUnit: configured.kgcePerUnit, product: configured.product, source: configured.source }
        : null;
  const kgceEquivalent = (totalTceEquivalent * 1000) / out.quantity;
  const ratio = limit ? kgceEquivalent / limit.kgcePerUnit : null;
  return {
    output: out.quantity,
    unit: out.unit,
    unitName: OUTPUT_UNIT_NAMES[out.unit],
    kgceEquivalent,
    kgceEqual: (totalTceEqual * 1000) / out.quantity,
    limit,
    ratio,
    exceeds: ratio === null ? null : ratio > 1,
  };
}

export function assessPlantBalance(input: PlantBalanceInput): PlantBalanceResult {
  const notes: EngineNote[] = [];
  const partial: Omit<CarrierBalance, "share">[] = [];
  const checks: PlantCheck[] = [];
  for (const carrier of PLANT_CARRIERS) {
    const uses = input.uses.filter((u) => u.carrier === carrier && Number.isFinite(u.quantity) && u.quantity >= 0);
    const balance = carrierBalance(carrier, uses, input);
    if (!balance) continue;
    partial.push(balance);
    checks.push(...carrierChecks(carrier, uses));
    if (balance.basis === "equipment") {
      notes.push(
        note(
          "carrier_not_metered",
          `${balance.name}：没有全厂计量值（电费账单或全厂年用量），按调查表中设备的年用量合计${plainNumber(balance.quantity)} ${balance.unit}计入，是全厂用量的下限`,
        ),
      );
    }
  }
  const totalTceEquivalent = partial.reduce((s, c) => s + c.tceEquivalent, 0);
  const totalTceEqual = partial.reduce((s, c) => s + c.tceEqual, 0);
  const carriers: CarrierBalance[] = partial.map((c) => ({ ...c, share: totalTceEquivalent > 0 ? c.tceEquivalent / totalTceEquivalent : 0 }));
  const meteredTce = carriers.filter((c) => c.basis === "metered").reduce((s, c) => s + c.tceEquivalent, 0);
  const perUnit = perUnitEnergy(input, totalTceEquivalent, totalTceEqual);
  if (input.output && input.output.quantity > 0 && perUnit && !perUnit.limit) {
    notes.push(note("no_unit_limit", "所属行业与产量单位没有配置单位产品能耗限额，可在调查表中填写适用的限额（如地方标准）后对比"));
  }
  return {
    companyName: input.companyName,
    carriers,
    totalTceEquivalent,
    totalTceEqual,
    meteredShare: totalTceEquivalent > 0 ? meteredTce / totalTceEquivalent : null,
    checks,
    perUnit,
    notes,
  };
}
