// Live unread count: the UserChannel websocket sends numeric increments after our init text (spec 1 §4).
import { useEffect, useState } from "react";

export function useMessageCount(userId: number | null | undefined, initial: number) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      const proto = location.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(`${proto}//${location.host}/websocket/${userId}`);
      socket.onopen = () => {
        retry = 0;
        socket?.send("init");
      };
      socket.onmessage = (e) => {
        const n = Number(e.data);
        if (Number.isFinite(n)) setCount((c) => Math.max(0, c + n));
      };
      socket.onclose = () => {
        if (stopped) return;
        // Back off up to 30 s so a restarted server is not hammered.
        timer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** retry++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [userId]);
  return [count, setCount] as const;
}
