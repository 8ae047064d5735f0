// The footprint a logged-in viewer leaves on a question (spec 2 §2 "my footprints"): one row per user and question,
// moved to the top on every open. Written here, where the question is opened (questions.ts batches it with the view
// count); the personal centre reads and deletes the rows (services/qa-personal/history.ts).
import { qaViewHistory } from "../../../db/schema";
import type { Db } from "../../lib/db";

/** Upsert the (user, question) row with the view time, for the detail read's batch. */
export function recordViewStatement({ db, userId, questionId, now }: { db: Db; userId: number; questionId: number; now: number }) {
  return db
    .insert(qaViewHistory)
    .values({ userId, questionId, viewedAt: now })
    .onConflictDoUpdate({ target: [qaViewHistory.userId, qaViewHistory.questionId], set: { viewedAt: now } });
}
