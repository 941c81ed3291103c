import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import type { Env } from "../worker/env.ts";
import { type Principal, principalFrom } from "./principal.ts";
import { ClientMessage, RoomEvent, type ServerMessage } from "./protocol.ts";

/**
 * Kept with each socket (it survives hibernation without a storage write). `heard`: an agent's
 * last heartbeat (ms), so a heartbeat costs no database write.
 */
export type ConnState = { principal: Principal; heard?: number };

/**
 * What every Outpost room shares: hibernation, the principal kept on each connection (it
 * survives hibernation), zod-validated messages, and `publish` — the RPC the API uses to fan
 * an event out to the room's dashboards.
 */
export abstract class OutpostRoom extends Server<Env> {
  static options = { hibernate: true };

  abstract readonly roomKind: "space" | "location" | "device";

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const principal = principalFrom(ctx.request);
    if (!principal) return [];
    return principal.kind === "user" ? ["dashboard", `account:${principal.account_uuid}`] : ["agent"];
  }

  async onConnect(connection: Connection<ConnState>, ctx: ConnectionContext) {
    const principal = principalFrom(ctx.request);
    // The Worker authenticates every upgrade; a socket without a principal did not come through it.
    if (!principal) {
      connection.close(1008, "unauthenticated");
      return;
    }
    connection.setState({ principal });
    this.send(connection, {
      type: "welcome",
      room: `${this.roomKind}/${this.name}`,
      role: principal.kind === "user" ? "dashboard" : "agent",
    });
    await this.onJoin(connection, principal);
  }

  /** Hook for rooms that react to a join (presence). */
  protected async onJoin(_connection: Connection<ConnState>, _principal: Principal): Promise<void> {}

  async onMessage(connection: Connection<ConnState>, message: WSMessage) {
    let data: unknown;
    try {
      data = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message as ArrayBuffer));
    } catch {
      this.send(connection, { type: "error", message: "Messages must be JSON." });
      return;
    }
    const parsed = ClientMessage.safeParse(data);
    if (!parsed.success) {
      this.send(connection, { type: "error", message: "Unknown or malformed message." });
      return;
    }
    if (parsed.data.type === "ping") this.send(connection, { type: "pong", at: Date.now() });
    await this.onClientMessage(connection, parsed.data);
  }

  protected async onClientMessage(_connection: Connection<ConnState>, _message: ClientMessage): Promise<void> {}

  /** RPC: validate and fan out an event to every dashboard in the room. */
  async publish(event: RoomEvent): Promise<number> {
    const parsed = RoomEvent.parse(event);
    const payload = JSON.stringify(parsed);
    let delivered = 0;
    for (const conn of this.getConnections("dashboard")) {
      conn.send(payload);
      delivered++;
    }
    return delivered;
  }

  protected send(connection: Connection, message: ServerMessage) {
    connection.send(JSON.stringify(message));
  }
}
