// Message rows for the receivers of answers, follows, likes and comments, and the live count push.
// The messages pages (later issue) read qa_messages; the push goes through the receiver's UserChannel.
import { qaMessages } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { MessageKind } from "../../contract/qa";
import { pushMessageCount } from "../messaging/channel";
import type { QaCtx } from "./context";

export interface MessageInput {
  receiverId: number;
  kind: MessageKind;
  actorId: number | null;
  actorAnonymous?: boolean;
  questionId?: number | null;
  answerId?: number | null;
  targetType?: number | null;
  targetId?: number | null;
  content?: string | null;
}

/** Insert statement for a batch; null when the receiver would be notified of their own action. */
export function messageStatement({ db, m, now }: { db: Db; m: MessageInput; now: number }) {
  if (m.actorId !== null && m.actorId === m.receiverId) return null;
  return db.insert(qaMessages).values({
    receiverId: m.receiverId,
    kind: m.kind,
    actorId: m.actorId,
    actorAnonymous: m.actorAnonymous ? 1 : 0,
    questionId: m.questionId ?? null,
    answerId: m.answerId ?? null,
    targetType: m.targetType ?? null,
    targetId: m.targetId ?? null,
    content: m.content ? m.content.slice(0, 200) : null,
    isRead: 0,
    createdAt: now,
  });
}

/** After the write committed: tell each receiver's open pages that one more message arrived. */
export async function notifyReceivers({ receivers, ...ctx }: QaCtx & { receivers: number[] }): Promise<void> {
  const work = Promise.all(receivers.map((id) => pushMessageCount({ env: ctx.env, userId: id, delta: 1 })));
  if (ctx.defer) ctx.defer(work);
  else await work;
}
