// Typed input of the motor drive system engine (one plant, many motors).
import type { PumpCatalogue } from "../pumps-fans/pump-grade";
import type { FanSystem } from "../pumps-fans/fan-curves";
import type { PumpSystem } from "../pumps-fans/pump-curves";
import type { DriveType } from "../standards/belt-loss";
import type { Poles } from "../standards/gb18613-2020";
import type { EfficiencySource, MotorClassCode } from "./efficiency-basis";

/** What the motor drives: VFD savings are modelled only for centrifugal pumps and fans. */
export type MotorApplication = "pump" | "fan" | "constant_torque" | "other";

/** Existing flow control of a pump or fan. Inlet vanes and on/off cycling are not modelled. */
export type FlowControl = "throttle_valve" | "bypass" | "outlet_damper" | "inlet_vane" | "on_off" | "none";

export type MotorLoad = { method: "load_factor"; loadFactor: number } | { method: "input_power"; inputKw: number };

export interface FlowShare {
  /** Flow as a fraction of design flow (0–1). */
  flowRatio: number;
  /** Share of the annual hours in this bin (0–1); the shares of one motor sum to 1. */
  timeShare: number;
}

export interface MotorUnitInput {
  /** Name or tag from the survey, e.g. "1#循环水泵". */
  name: string;
  /** Number of identical motors this row stands for (default 1). */
  quantity?: number;
  ratedKw: number;
  poles: Poles;
  efficiency: EfficiencySource;
  /**
   * The series or grade stated on the form, kept when the nameplate efficiency is used instead of the class table:
   * a Y or Y2 series motor is flagged against the 淘汰目录 whichever efficiency the engine uses.
   */
  series?: MotorClassCode;
  rewound?: boolean;
  annualHours: number;
  load: MotorLoad;
  drive: DriveType;
  vfdPresent: boolean;
  application: MotorApplication;
  flowControl?: FlowControl;
  pump?: PumpSystem;
  fan?: FanSystem;
  flowProfile?: FlowShare[];
  /** Field measurement of the pump duty for its operating efficiency (pumps_fans.md §2). */
  pumpField?: { flowM3h: number; headM: number };
  /** Catalogue BEP data for the GB 19762-2025 grade. */
  pumpCatalogue?: PumpCatalogue;
  /** Quotes in 元 for one motor; defaults from conventions.ts are used when absent. */
  quotes?: { motorGrade1Yuan?: number; motorGrade2Yuan?: number; vfdYuan?: number; beltYuan?: number };
}

export interface MotorSystemInput {
  /** Province code (lower-case pinyin) for the grid CO2 factor. */
  province?: string;
  electricityPriceYuanPerKwh: number;
  motors: MotorUnitInput[];
}
