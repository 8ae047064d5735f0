// Fan flow control, standard method (pumps_fans.md §2 and §4):
// outlet-damper baseline P_shaft(q) = P_shaft,d·q·(1.4 − 0.4·q²), valid only for 0.4 ≤ q ≤ 1.0
// (a project convention); VFD P_shaft(q) = (q·Q_d/3600)·Δp_sys(q)·Kp/(η_fan·1000) with
// Δp_sys(q) = Δp_s + (Δp_d − Δp_s)·q² and η_fan held at its design value.
import {
  ATMOSPHERIC_PRESSURE_PA,
  FAN_DAMPER_MAX_FLOW_RATIO,
  FAN_DAMPER_MIN_FLOW_RATIO,
  FAN_KP_UNITY_MAX_PA,
  FAN_MIN_SPEED,
} from "../standards/conventions";

export interface FanSystem {
  designFlowM3h: number;
  designPressurePa: number;
  /** Fan efficiency at the design point (fraction). */
  fanEfficiency: number;
  staticPressurePa: number;
  /** Absolute inlet pressure for Kp, default 101,325 Pa. */
  inletPressurePa?: number;
}

/**
 * Compressibility coefficient Kp (ISO 5801 form, MEASUR CompressibilityFactor.h); 1 up to 2,500 Pa.
 * Above that it depends on the shaft power, which depends on Kp: iterate from Kp = 1 until |ΔKp| < 1e-6.
 */
export function compressibilityKp(sys: FanSystem): number {
  if (sys.designPressurePa <= FAN_KP_UNITY_MAX_PA) return 1;
  const k = 1.4;
  const p1 = sys.inletPressurePa ?? ATMOSPHERIC_PRESSURE_PA;
  const q = sys.designFlowM3h / 3600;
  const x = sys.designPressurePa / p1;
  let kp = 1;
  for (let i = 0; i < 100; i++) {
    const shaftW = (q * sys.designPressurePa * kp) / sys.fanEfficiency;
    const z = (((k - 1) / k) * shaftW) / (q * p1);
    const next = (Math.log(1 + x) / x) * (z / Math.log(1 + z));
    if (Math.abs(next - kp) < 1e-6) return next;
    kp = next;
  }
  return kp;
}

export function designShaftKw(sys: FanSystem, kp: number): number {
  return ((sys.designFlowM3h / 3600) * sys.designPressurePa * kp) / (sys.fanEfficiency * 1000);
}

export function damperRangeOk(q: number): boolean {
  return q >= FAN_DAMPER_MIN_FLOW_RATIO - 1e-9 && q <= FAN_DAMPER_MAX_FLOW_RATIO + 1e-9;
}

export const DAMPER_RANGE_MESSAGE =
  "风门调节基准模型仅适用于设计风量的40%–100%，请提供该工况的实测电机输入功率";

/** Outlet-damper shaft power; callers must check damperRangeOk first. */
export function damperShaftKw(designShaft: number, q: number): number {
  return designShaft * q * (1.4 - 0.4 * q * q);
}

export function systemPressurePa(sys: FanSystem, q: number): number {
  return sys.staticPressurePa + (sys.designPressurePa - sys.staticPressurePa) * q * q;
}

export function vfdShaftKw(sys: FanSystem, q: number, kp: number): number {
  return ((q * sys.designFlowM3h) / 3600) * systemPressurePa(sys, q) * kp / (sys.fanEfficiency * 1000);
}

/** With static pressure the speed ratio is at least q; q itself is the lower bound we can check. */
export function fanBelowMinSpeed(q: number): boolean {
  return q < FAN_MIN_SPEED - 1e-9;
}
