// Humid-air properties for stenter exhaust (stenter_heat_recovery.md §3 steps 1–3, 6).
// Per kg of dry air: v = 287.055·T/p·(1 + 1.6078·x); c_p = 1.006 + 1.86·x (ASHRAE psychrometrics);
// dew point by the Magnus form with 611.2 Pa, 17.62 and 243.12 °C.

export const R_DRY_AIR = 287.055;
export const KELVIN = 273.15;

/** Specific volume of humid air per kg dry air, m³/kg_da. */
export function specificVolume(tempC: number, humidity: number, pressurePa: number): number {
  return ((R_DRY_AIR * (tempC + KELVIN)) / pressurePa) * (1 + 1.6078 * humidity);
}

/** Humid specific heat per kg dry air, kJ/(kg_da·K). */
export function humidSpecificHeat(humidity: number): number {
  return 1.006 + 1.86 * humidity;
}

/** Water-vapour partial pressure, Pa. */
export function vapourPressure(humidity: number, pressurePa: number): number {
  return (pressurePa * humidity) / (0.621945 + humidity);
}

/** Dew point, °C (Magnus). */
export function dewPointC(humidity: number, pressurePa: number): number {
  const gamma = Math.log(vapourPressure(humidity, pressurePa) / 611.2);
  return (243.12 * gamma) / (17.62 - gamma);
}

/** Humidity ratio from a dew point (inverse of the Magnus form above), kg/kg_da. */
export function humidityFromDewPoint(dewC: number, pressurePa: number): number {
  const pw = 611.2 * Math.exp((17.62 * dewC) / (243.12 + dewC));
  return (0.621945 * pw) / (pressurePa - pw);
}

/** Dry-air density for a cold air stream, kg/m³. */
export function dryAirDensity(tempC: number, pressurePa: number): number {
  return pressurePa / (R_DRY_AIR * (tempC + KELVIN));
}
