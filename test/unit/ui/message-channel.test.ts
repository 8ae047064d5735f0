// The live unread count (issue 26 item 5): every (re)connect re-reads the count, so messages sent while the socket
// was down (a server restart) show; increments add on top; reconnects back off.
import { describe, expect, it } from "vitest";
import { connectMessageChannel, type ChannelSocket } from "../../../app/lib/message-channel";

class FakeSocket implements ChannelSocket {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  sent: string[] = [];
  closed = false;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("message channel", () => {
  it("re-reads the unread count on the first connect and on every reconnect", async () => {
    const sockets: FakeSocket[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    let serverCount = 2;
    let reads = 0;
    let count = 0;
    const stop = connectMessageChannel({
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      readCount: async () => {
        reads++;
        return serverCount;
      },
      onCount: (update) => (count = update(count)),
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => undefined,
    });
    sockets[0]!.onopen!({});
    await flush();
    expect(sockets[0]!.sent).toEqual(["init"]);
    expect(reads).toBe(1);
    expect(count).toBe(2);
    sockets[0]!.onmessage!({ data: "1" });
    expect(count).toBe(3);
    // The server restarts: the socket closes; three messages arrive while it is down.
    sockets[0]!.onclose!({});
    serverCount = 6;
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.fn();
    // The first reconnect fails too: the backoff doubles.
    sockets[1]!.onclose!({});
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000]);
    timers[1]!.fn();
    sockets[2]!.onopen!({});
    await flush();
    expect(reads).toBe(2);
    expect(count).toBe(6);
    sockets[2]!.onmessage!({ data: "1" });
    expect(count).toBe(7);
    stop();
    expect(sockets[2]!.closed).toBe(true);
    // A close after stop schedules nothing.
    sockets[2]!.onclose!({});
    expect(timers.length).toBe(2);
  });

  it("keeps its count when the re-read fails", async () => {
    const s = new FakeSocket();
    let count = 4;
    connectMessageChannel({ open: () => s, readCount: async () => null, onCount: (u) => (count = u(count)), setTimer: () => 0, clearTimer: () => undefined });
    s.onopen!({});
    await flush();
    expect(count).toBe(4);
    s.onmessage!({ data: "2" });
    expect(count).toBe(6);
  });
});
