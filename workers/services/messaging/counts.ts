// Unread message counts: the header badge at page load (the root loader, then the websocket adds increments) and
// the personal centre's tabs. One grouped read over the (receiver, kind, is_read) index.
import { and, eq, sql } from "drizzle-orm";
import { qaMessages } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { TAB_KINDS, type MessageCounts, type MessageTab } from "../../contract/qa-personal-constants";

/** Unread counts per tab for one receiver. */
export async function messageCounts({ db, userId }: { db: Db; userId: number }): Promise<MessageCounts> {
  const rows = await db
    .select({ kind: qaMessages.kind, n: sql<number>`COUNT(*)` })
    .from(qaMessages)
    .where(and(eq(qaMessages.receiverId, userId), eq(qaMessages.isRead, 0)))
    .groupBy(qaMessages.kind);
  const by = new Map(rows.map((r) => [r.kind, Number(r.n)]));
  const sum = (tab: MessageTab) => TAB_KINDS[tab].reduce((n, k) => n + (by.get(k) ?? 0), 0);
  const counts = {
    unreadAnswerCount: sum("answer"),
    unreadFollowCount: sum("follow"),
    unreadPraiseCount: sum("praise"),
    unreadSystemCount: sum("system"),
  };
  return { ...counts, unreadTotal: counts.unreadAnswerCount + counts.unreadFollowCount + counts.unreadPraiseCount + counts.unreadSystemCount };
}

/** The header badge at page load. */
export async function unreadMessageCount({ db, userId }: { db: Db; userId: number }): Promise<number> {
  return (await messageCounts({ db, userId })).unreadTotal;
}
