// Engine results → the report's content, one module per card (motor, stenter, electricity) over the shared
// document model (doc.ts). The card registry (workers/cards) picks the card's model.
export * from "./doc";
export { motorReport } from "./motor";
export { stenterReport } from "./stenter";
export { electricityReport, typicalDay } from "./electricity";
