// What the electricity card says about the plant's energy: the metered annual electricity (bills or the load
// curve, scaled to a year as the engine does), the plant balance's electricity meter (issue 22 item 9).
import type { ElectricityInput, ElectricityResult } from "../../engines";
import type { PlantContribution } from "../kit/plant";

export function electricityPlant(result: ElectricityResult, _input: ElectricityInput): PlantContribution {
  const label = result.source === "bills" ? `电费账单（${result.bills.length}个月，折全年）用电量` : "负荷曲线（折全年）用电量";
  return { uses: [{ carrier: "electricity", role: "metered", quantity: result.annualEnergyKwh, label }] };
}
