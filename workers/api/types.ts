import type { Db } from "../lib/db";
import type { Actor, SessionResolution } from "../services/accounts/sessions";

export interface AppVariables {
  db: Db;
  requestId: string;
  /** The product code header (spec 1 §7); recorded for logs. */
  productCode: string | null;
  actor: Actor | null;
  /** Why a presented token was refused, so protected routes answer with the right expiry code. */
  tokenProblem: Extract<SessionResolution, { actor: null }>["problem"];
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
