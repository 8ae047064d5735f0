// What the compressed-air card says about the plant's energy: the compressors' annual electricity at their
// surveyed load, an equipment use of electricity (issue 22 item 9).
import type { CompressedAirResult } from "./assess";
import type { CompressedAirInput } from "./input";
import type { PlantContribution } from "../kit/plant";

export function airCompressorPlant(result: CompressedAirResult, _input: CompressedAirInput): PlantContribution {
  return { uses: [{ carrier: "electricity", role: "equipment", quantity: result.annualKwh, label: `空压机${result.compressors.length}台年耗电` }] };
}
