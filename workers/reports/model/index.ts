// The card-agnostic report model: the shared document pieces (doc.ts), the figures, the finance and the common
// appendix. Each card's own model lives in its folder (workers/cards/<card>/report.ts).
export * from "./doc";
