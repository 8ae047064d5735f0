// "Is this card open?" in one place: its definition is seeded and enabled (survey_types) and the code base has
// an engine for it (the card registry). Survey creation, generate, the report build and the spreadsheets ask here.
import { and, desc, eq } from "drizzle-orm";
import { surveys } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { WB_MSG } from "../../contract/workbench";
import { cardOf } from "../../cards";
import { getDefinition, type Definition } from "./definitions";

export type OpenCard = { def: Definition; card: NonNullable<ReturnType<typeof cardOf>> };

/** The open card of a type id, or null (unknown, disabled, or no engine). */
export async function findOpenCard({ db, typeId }: { db: Db; typeId: number }): Promise<OpenCard | null> {
  const def = await getDefinition({ db, typeId });
  const card = def?.enabled ? cardOf(def.code) : null;
  return def && card ? { def, card } : null;
}

/** The open card of a type id; 该功能暂未开通 otherwise. */
export async function openCard({ db, typeId }: { db: Db; typeId: number }): Promise<OpenCard> {
  const open = await findOpenCard({ db, typeId });
  if (!open) throw fail(WB_MSG.cardDisabled);
  return open;
}

/** The card of the user's most recently changed survey (not in the recycle bin), or null (uses surveys_user_type_idx). */
export async function lastUsedCardId({ db, userId }: { db: Db; userId: number }): Promise<number | null> {
  const [row] = await db
    .select({ typeId: surveys.typeId })
    .from(surveys)
    .where(and(eq(surveys.userId, userId), eq(surveys.isDelete, 0)))
    .orderBy(desc(surveys.updatedAt))
    .limit(1);
  return row?.typeId ?? null;
}
