// Generic pump model for throttling vs VFD (pumps_fans.md §4, standard method):
// pump curve H(Q,s) = H_d·(a·s² − (a−1)·(Q/Q_d)²); efficiency parabola around the speed-scaled BEP
// η_p = η_BEP·[1 − (Q/(s·Q_d) − 1)²]; system curve H_sys = H_s + (H_d − H_s)·(Q/Q_d)².
import {
  GRAVITY_M_S2,
  PUMP_MIN_SPEED_NO_STATIC_HEAD,
  PUMP_MIN_SPEED_WITH_STATIC_HEAD,
  PUMP_SHUTOFF_HEAD_RATIO,
  WATER_DENSITY_KG_M3,
} from "../standards/conventions";

export interface PumpSystem {
  designFlowM3h: number;
  designHeadM: number;
  /** Pump efficiency at its best-efficiency point, taken to be the design point (fraction). */
  bepEfficiency: number;
  staticHeadM: number;
  /** a = H(Q=0)/H_d; default 1.25 (ASSUMPTION). */
  shutoffHeadRatio?: number;
}

export interface PumpPoint {
  flowRatio: number;
  speedRatio: number;
  headM: number;
  pumpEfficiency: number;
  hydraulicKw: number;
  pumpShaftKw: number;
  /** Head burned across the throttle valve (throttled operation only). */
  valveHeadLossM: number;
}

export function hydraulicPowerKw(flowM3h: number, headM: number): number {
  return (WATER_DENSITY_KG_M3 * GRAVITY_M_S2 * (flowM3h / 3600) * headM) / 1000;
}

export function systemHeadM(sys: PumpSystem, q: number): number {
  return sys.staticHeadM + (sys.designHeadM - sys.staticHeadM) * q * q;
}

function shutoff(sys: PumpSystem): number {
  return sys.shutoffHeadRatio ?? PUMP_SHUTOFF_HEAD_RATIO;
}

export function pumpHeadM(sys: PumpSystem, q: number, s: number): number {
  const a = shutoff(sys);
  return sys.designHeadM * (a * s * s - (a - 1) * q * q);
}

function point(sys: PumpSystem, q: number, s: number, headM: number, valveHeadLossM: number): PumpPoint {
  const x = q / s - 1;
  const pumpEfficiency = sys.bepEfficiency * (1 - x * x);
  const hydraulicKw = hydraulicPowerKw(q * sys.designFlowM3h, headM);
  return {
    flowRatio: q,
    speedRatio: s,
    headM,
    pumpEfficiency,
    hydraulicKw,
    pumpShaftKw: pumpEfficiency > 0 ? hydraulicKw / pumpEfficiency : 0,
    valveHeadLossM,
  };
}

/** Throttled at full speed: the valve burns H(q,1) − H_sys(q). */
export function throttledPoint(sys: PumpSystem, q: number): PumpPoint {
  const head = pumpHeadM(sys, q, 1);
  return point(sys, q, 1, head, head - systemHeadM(sys, q));
}

export type VfdRefusal = "below_min_speed" | "beyond_pump_curve";

export interface VfdPumpPoint extends PumpPoint {
  refused?: VfdRefusal;
  minSpeedRatio: number;
}

/** Speed-controlled: the pump delivers exactly H_sys(q); refused below the minimum speed. */
export function vfdPoint(sys: PumpSystem, q: number): VfdPumpPoint {
  const a = shutoff(sys);
  const hSys = systemHeadM(sys, q);
  const s = Math.sqrt((hSys + (a - 1) * sys.designHeadM * q * q) / (a * sys.designHeadM));
  const minSpeedRatio = sys.staticHeadM > 0 ? PUMP_MIN_SPEED_WITH_STATIC_HEAD : PUMP_MIN_SPEED_NO_STATIC_HEAD;
  const p = point(sys, q, s, hSys, 0) as VfdPumpPoint;
  p.minSpeedRatio = minSpeedRatio;
  if (hSys > pumpHeadM(sys, q, 1) + 1e-9) p.refused = "beyond_pump_curve";
  else if (s < minSpeedRatio) p.refused = "below_min_speed";
  return p;
}
