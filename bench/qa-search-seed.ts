// Seed statements the search bench applies besides the Q&A seed (the synonym list, once it is data).
import type { SeedStatement } from "../db/seed/apply";

export function extraSeed(): SeedStatement[] {
  return [];
}
