// Nicknames and avatars in the review queue (docs/admin.md "Nicknames and avatars"). Called by the profile save
// (accounts updateBasicInfo): a new nickname containing a word of the keyword list is held — not applied, the old
// one keeps showing until an operator approves it — and a new avatar is shown at once but queued for a look
// (source 新头像; there is no image classifier, so every change is queued).
import { and, eq } from "drizzle-orm";
import { profileReviewValues, reviewItems } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { PROFILE_STATUS, REVIEW_SOURCE, REVIEW_STATE, REVIEW_TARGET } from "../../contract/admin-constants";
import { keywordHits } from "./keywords";
import { holdStatement } from "./review";

export interface ProfileReview {
  /** Statements for the profile save's batch. */
  statements: DbStatement[];
  /** The new nickname was held: leave users.name as it is. */
  nameHeld: boolean;
}

export async function reviewProfileChange(
  db: Db,
  userId: number,
  change: { name?: string | null; avatarChanged: boolean },
  now: number,
): Promise<ProfileReview> {
  const statements: DbStatement[] = [];
  let nameHeld = false;
  if (change.name) {
    const hits = await keywordHits(db, change.name);
    if (hits.length) {
      nameHeld = true;
      statements.push(
        db
          .insert(profileReviewValues)
          .values({ targetType: REVIEW_TARGET.NICKNAME, userId, value: change.name, status: PROFILE_STATUS.REVIEW, updatedAt: now })
          .onConflictDoUpdate({ target: [profileReviewValues.targetType, profileReviewValues.userId], set: { value: change.name, status: PROFILE_STATUS.REVIEW, updatedAt: now } }),
        holdStatement(db, REVIEW_TARGET.NICKNAME, userId, userId, hits, now),
      );
    } else {
      // A clean name replaces a held one (dropped; its queue item only needs closing) or a hidden one (nothing left
      // to restore).
      statements.push(db.delete(profileReviewValues).where(and(eq(profileReviewValues.targetType, REVIEW_TARGET.NICKNAME), eq(profileReviewValues.userId, userId))));
    }
  }
  if (change.avatarChanged) {
    statements.push(
      db.delete(profileReviewValues).where(and(eq(profileReviewValues.targetType, REVIEW_TARGET.AVATAR), eq(profileReviewValues.userId, userId))),
      db
        .insert(reviewItems)
        .values({ targetType: REVIEW_TARGET.AVATAR, targetId: userId, authorId: userId, source: REVIEW_SOURCE.NEW_AVATAR, state: REVIEW_STATE.PENDING, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [reviewItems.targetType, reviewItems.targetId], set: { source: REVIEW_SOURCE.NEW_AVATAR, matched: null, state: REVIEW_STATE.PENDING, updatedAt: now } }),
    );
  }
  return { statements, nameHeld };
}
