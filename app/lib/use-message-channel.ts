// Live unread count: the UserChannel websocket sends numeric increments after our init text (spec 1 §4); every
// (re)connect re-reads the count (app/lib/message-channel.ts).
import { useEffect, useState } from "react";
import { OK } from "./api";
import { call, client } from "./api-client";
import { connectMessageChannel, type ChannelSocket } from "./message-channel";

async function readUnreadTotal(): Promise<number | null> {
  const res = await call((o) => client.api.qa.messageNotice.statistics.$post({ json: {} }, o), { silent: true });
  return res.code === OK && res.data ? res.data.unreadTotal : null;
}

export function useMessageCount(userId: number | null | undefined, initial: number) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!userId) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return connectMessageChannel({
      open: () => new WebSocket(`${proto}//${location.host}/websocket/${userId}`) as unknown as ChannelSocket,
      readCount: readUnreadTotal,
      onCount: setCount,
    });
  }, [userId]);
  return [count, setCount] as const;
}
