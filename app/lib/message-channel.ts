// The live unread count's connection (spec 1 §4), without React so it can be tested in Node: the UserChannel
// websocket sends numeric increments after our init text. Every (re)connect re-reads the count from the API first,
// because increments sent while the socket was down (a server restart closes every socket with 1006) are lost.
export interface ChannelSocket {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface MessageChannelOptions {
  open: () => ChannelSocket;
  /** The unread total now, or null when it could not be read (the increments then continue from what we have). */
  readCount: () => Promise<number | null>;
  onCount: (update: (current: number) => number) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Connects at once; returns stop(). Reconnects with backoff up to 30 s. */
export function connectMessageChannel({ open, readCount, onCount, setTimer = setTimeout, clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>) }: MessageChannelOptions) {
  let socket: ChannelSocket | null = null;
  let retry = 0;
  let timer: unknown;
  let stopped = false;
  const connect = () => {
    const s = open();
    socket = s;
    s.onopen = () => {
      retry = 0;
      s.send("init");
      // The server's count replaces ours: what arrived while we were away is in it.
      void readCount()
        .then((n) => {
          if (!stopped && socket === s && n !== null) onCount(() => n);
        })
        .catch(() => undefined);
    };
    s.onmessage = (e) => {
      const n = Number(e.data);
      if (Number.isFinite(n)) onCount((c) => Math.max(0, c + n));
    };
    s.onclose = () => {
      if (stopped || socket !== s) return;
      // Back off up to 30 s so a restarted server is not hammered.
      timer = setTimer(connect, Math.min(30_000, 1000 * 2 ** retry++));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimer(timer);
    socket?.close();
  };
}
