// One Durable Object per user: holds that user's websockets (hibernatable) and pushes message-count increments.
import { DurableObject } from "cloudflare:workers";

/** The text the client sends when its socket opens (spec 1 §4). */
export const CHANNEL_INIT = "init";

export class UserChannel extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a websocket upgrade", { status: 426 });
    }
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    // Hibernation: the object can sleep while sockets stay open.
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // The only client message is the init text; answer nothing else so the protocol stays numeric-only.
    if (message === CHANNEL_INIT) ws.serializeAttachment({ initialised: true });
  }

  async webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code, "closed");
    } catch {
      // already closed
    }
  }

  /** Push a count increment to every open socket of this user; returns how many received it. */
  async push(delta: number): Promise<number> {
    if (!Number.isInteger(delta) || delta === 0) return 0;
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(String(delta));
        delivered++;
      } catch {
        // a socket closing concurrently; the client re-reads counts on reconnect
      }
    }
    return delivered;
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
