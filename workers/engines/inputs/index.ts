// Survey answers → typed engine inputs, one function per card.
export { motorInputFromAnswers, MOTOR_PLANT_KEYS, MOTOR_SECTION_KEYS, FLOW_BIN_COUNT } from "./motor";
export { stenterInputFromAnswers, STENTER_PLANT_KEYS, STENTER_SECTION_KEYS } from "./stenter";
export {
  electricityInputFromAnswers,
  ELECTRICITY_PLANT_KEYS,
  BILL_SECTION_KEYS,
  LOAD_CURVE_KEY,
  type LoadCurveExtra,
} from "./electricity";
export { COMPANY_KEYS } from "./company";
export type { Answers, InputError, MappingResult } from "./answers";
export * from "./options";
