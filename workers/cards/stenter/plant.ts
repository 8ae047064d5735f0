// What the stenter card says about the plant's energy: the annual fuel each stenter declared (stenter_annual_fuel),
// in its fuel's unit, as equipment use of that carrier (issue 22 item 9). Units without a declared figure are
// named in the label, so a low coverage is not mistaken for an unmetered plant.
import type { StenterInput, StenterResult } from "../../engines";
import type { PlantCarrier } from "../../engines/balance/types";
import type { StenterHeating } from "../../engines/stenter/types";
import type { PlantContribution } from "../kit/plant";

const CARRIER_OF: Record<StenterHeating, PlantCarrier> = {
  direct_gas: "natural_gas",
  thermal_oil_gas: "natural_gas",
  thermal_oil_coal: "coal",
  steam: "steam",
};

export function stenterPlant(_result: StenterResult, input: StenterInput): PlantContribution {
  const declared = input.stenters.filter((s) => s.baselineFuelPerYear !== undefined);
  const quantity = declared.reduce((sum, s) => sum + (s.baselineFuelPerYear ?? 0), 0);
  const missing = input.stenters.length - declared.length;
  const label = `定型机${declared.length}台申报年燃料${missing ? `（另${missing}台未填）` : ""}`;
  return {
    uses: declared.length ? [{ carrier: CARRIER_OF[input.heating], role: "equipment", quantity, label }] : [],
    gasLhvMjPerM3: input.gasLhvMjPerM3,
    steamEnthalpyKjPerKg: input.steamEnthalpyKjPerKg,
    coalLhvMjPerKg: input.coalLhvMjPerKg,
  };
}
