// Motor efficiency at any load (motors.md §3) and load from measured input power (§4).
// Standard method: η(LF) = η_full × r(LF), r from the Lagrange polynomial through
// (0.25, r25), (0.5, r50), (0.75, r75), (1.0, 1.000), (1.25, 0.990); LF clamped at 1.25;
// for LF ≤ 0.25 MEASUR's loss model. Linear interpolation between nodes is deliberately not used.
import { lagrange } from "../shared/math";
import { MAX_LOAD_FACTOR } from "../standards/conventions";
import { partLoadRow, R100, R125 } from "../standards/motor-part-load";
import { BoundedMap } from "../../lib/bounded-map";

export interface MotorModel {
  ratedKw: number;
  /** Full-load efficiency as a fraction (nameplate or GB/IE table value). */
  fullLoadEfficiency: number;
}

const NODES = [0.25, 0.5, 0.75, 1.0, 1.25] as const;

/** Node values per rated power, cached: engines evaluate the curve thousands of times per plant. */
const nodeValues = new BoundedMap<number, readonly number[]>(4096); // rated powers come from answers: bounded

function ratiosFor(ratedKw: number): readonly number[] {
  let ys = nodeValues.get(ratedKw);
  if (!ys) {
    const row = partLoadRow(ratedKw);
    ys = [row.r25, row.r50, row.r75, R100, R125];
    nodeValues.set(ratedKw, ys);
  }
  return ys;
}

/** Part-load ratio r(LF) for 0.25 ≤ LF ≤ 1.25 (clamped above). */
export function partLoadRatio(ratedKw: number, loadFactor: number): number {
  const lf = Math.min(loadFactor, MAX_LOAD_FACTOR);
  return lagrange(NODES, ratiosFor(ratedKw), lf);
}

/** Losses (kW) below 25 % load: L0 = 0.8·L25 at no load, linear up to L25 at 25 % load. */
function lightLoadLossKw(motor: MotorModel, loadFactor: number): number {
  const eta25 = motor.fullLoadEfficiency * ratiosFor(motor.ratedKw)[0];
  const loss25 = motor.ratedKw * 0.25 * (1 / eta25 - 1);
  const loss0 = 0.8 * loss25;
  return loss0 + ((loss25 - loss0) * loadFactor) / 0.25;
}

/** Electrical input power (kW) for a given shaft output. Works down to zero load (input = no-load loss). */
export function motorInputPowerKw(motor: MotorModel, shaftKw: number): number {
  const lf = shaftKw / motor.ratedKw;
  if (lf <= 0.25) return shaftKw + lightLoadLossKw(motor, Math.max(lf, 0));
  return shaftKw / (motor.fullLoadEfficiency * partLoadRatio(motor.ratedKw, lf));
}

/** Efficiency η(LF) as a fraction; 0 at zero load. */
export function motorEfficiency(motor: MotorModel, loadFactor: number): number {
  const shaftKw = motor.ratedKw * loadFactor;
  if (shaftKw <= 0) return 0;
  return shaftKw / motorInputPowerKw(motor, shaftKw);
}

export interface LoadFromInputResult {
  loadFactor: number;
  efficiency: number;
  shaftKw: number;
  iterations: number;
}

/**
 * Input-power method (motors.md §4): solve P_r·LF = P_in·η(LF) by fixed-point iteration, starting
 * at η = η_full and stopping when |Δη| < 1e-6.
 */
export function loadFromInputPower(motor: MotorModel, inputKw: number): LoadFromInputResult {
  let eta = motor.fullLoadEfficiency;
  let lf = (inputKw * eta) / motor.ratedKw;
  let iterations = 0;
  for (; iterations < 200; iterations++) {
    lf = (inputKw * eta) / motor.ratedKw;
    const next = motorEfficiency(motor, lf);
    const done = Math.abs(next - eta) < 1e-6;
    eta = next;
    if (done) break;
  }
  lf = (inputKw * eta) / motor.ratedKw;
  return { loadFactor: lf, efficiency: eta, shaftKw: motor.ratedKw * lf, iterations: iterations + 1 };
}
