// What the motor card says about the plant's energy: the inventory's annual electricity (an estimate from rated
// power, load and hours), which the plant balance checks against the metered electricity (issue 22 item 9).
import type { MotorSystemInput, MotorSystemResult } from "../../engines";
import type { PlantContribution } from "../kit/plant";

export function motorPlant(result: MotorSystemResult, input: MotorSystemInput): PlantContribution {
  return {
    uses: [
      {
        carrier: "electricity",
        role: "equipment",
        kind: "motor_inventory",
        quantity: result.totals.baselineKwh,
        label: `电机清单（${input.motors.length}行、${result.totals.motorCount}台）年耗电`,
      },
    ],
  };
}
