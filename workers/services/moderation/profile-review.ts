// Nicknames and avatars in the review queue (docs/admin.md "Nicknames and avatars"). Called by the profile save
// (accounts updateBasicInfo): a new nickname containing a word of the keyword list is held — not applied, the old
// one keeps showing until an operator approves it — and a new avatar is shown at once but queued for a look
// (source 新头像; there is no image classifier, so every change is queued).
import { and, eq } from "drizzle-orm";
import { profileReviewValues, reviewItems } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { PROFILE_STATUS, REVIEW_SOURCE, REVIEW_STATE, REVIEW_TARGET } from "../../contract/admin-constants";
import { holdStatement, keywordHits } from "./keywords";

export interface ProfileReview {
  /** Statements for the profile save's batch. */
  statements: DbStatement[];
  /** The new nickname was held: leave users.name as it is. */
  nameHeld: boolean;
}

export interface ProfileChange {
  db: Db;
  userId: number;
  /** The new nickname, when the save changes it. */
  name?: string | null;
  avatarChanged: boolean;
  now: number;
}

export async function reviewProfileChange({ db, userId, name, avatarChanged, now }: ProfileChange): Promise<ProfileReview> {
  const statements: DbStatement[] = [];
  let nameHeld = false;
  if (name) {
    const hits = await keywordHits({ db, text: name });
    if (hits.length) {
      nameHeld = true;
      statements.push(
        db
          .insert(profileReviewValues)
          .values({ targetType: REVIEW_TARGET.NICKNAME, userId, value: name, status: PROFILE_STATUS.REVIEW, updatedAt: now })
          .onConflictDoUpdate({ target: [profileReviewValues.targetType, profileReviewValues.userId], set: { value: name, status: PROFILE_STATUS.REVIEW, updatedAt: now } }),
        holdStatement({ db, target: REVIEW_TARGET.NICKNAME, id: userId, authorId: userId, matched: hits, now }),
      );
    } else {
      // A clean name replaces a held one (dropped; its queue item only needs closing) or a hidden one (nothing left
      // to restore).
      statements.push(db.delete(profileReviewValues).where(and(eq(profileReviewValues.targetType, REVIEW_TARGET.NICKNAME), eq(profileReviewValues.userId, userId))));
    }
  }
  if (avatarChanged) {
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
