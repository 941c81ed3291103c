import type { Connection } from "partyserver";
import type { Principal } from "../contracts/principal.ts";
import { type ClientMessage, CloseCode, type ServerMessage } from "../contracts/realtime.ts";
import {
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_ID_BYTES,
  TUNNEL_IDLE_MS,
  TUNNEL_MAX_PER_DEVICE,
  TUNNEL_REFUSALS_MAX,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelKind,
} from "../contracts/tunnel.ts";
import type { Env } from "../worker/env.ts";
import {
  auditRemoteSessions,
  mayOpenRemoteSessions,
  type RemoteSessionStep,
  remoteSessionRefusal,
} from "../worker/services/devices/remote-sessions.ts";
import { batchWriter } from "./batch-writer.ts";

export type TunnelMessage = Extract<
  ClientMessage,
  { type: "tunnelOpen" | "tunnelOpened" | "tunnelResize" | "tunnelCredit" | "tunnelClose" }
>;

export const isTunnelMessage = (message: ClientMessage): message is TunnelMessage => message.type.startsWith("tunnel");

/** What the relay needs from its DeviceRoom. */
export type TunnelHost = {
  env(): Env;
  device(): string;
  sql(): SqlStorage;
  /** The device's current agent socket, if one is open and the device is online. */
  agent(): Connection | undefined;
  connection(id: string): Connection | undefined;
  send(connection: Connection, message: ServerMessage): boolean;
  waitUntil(work: Promise<unknown>): void;
};

type SessionRow = {
  session: string;
  kind: TunnelKind;
  /** The browser's socket (connection id) that opened it, and the agent socket it runs on. */
  dashboard: string;
  agent: string;
  user_uuid: string;
  space_uuid: string;
  created_at: number;
  /** When the agent said it was ready (0: not yet). */
  opened_at: number;
};

/**
 * The DeviceRoom's remote sessions (protocol in contracts/tunnel.ts): it checks who may
 * open one, pairs the browser's socket with the agent's, relays control and data frames between
 * them without keeping a byte, holds each direction to its credit window, ends the sessions of a
 * socket that leaves and audits each session's opening and end (with its duration). Sessions
 * are rows of the room's SQLite, so a room that hibernates during a quiet terminal still relays
 * when the next key arrives; the in-flight byte counts live in memory (a woken room starts them
 * at zero, which only loosens the check for one window).
 */
export class DeviceTunnels {
  private rows: Map<string, SessionRow> | null = null;
  private readonly inFlight = new Map<string, { toAgent: number; toBrowser: number }>();
  /** tunnelOpens refused per socket (connection id); memory only, like the in-flight counts. */
  private readonly refused = new Map<string, number>();
  /** tunnelOpens waiting for their D1 check: they count against TUNNEL_MAX_PER_DEVICE meanwhile. */
  private opening = 0;
  private readonly auditWriter = batchWriter<RemoteSessionStep>((steps) => auditRemoteSessions(this.host.env(), steps));

  constructor(private readonly host: TunnelHost) {}

  static createTable(sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS tunnel_session (
      session TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      dashboard TEXT NOT NULL,
      agent TEXT NOT NULL,
      user_uuid TEXT NOT NULL,
      space_uuid TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      opened_at INTEGER NOT NULL DEFAULT 0
    )`);
  }

  /** Open sessions (for tests and the room's own checks). */
  sessions(): SessionRow[] {
    return [...this.all().values()];
  }

  /** A control frame from a browser's socket. */
  async fromDashboard(connection: Connection, principal: Principal, message: TunnelMessage) {
    if (message.type === "tunnelOpen") return this.open(connection, principal, message);
    const row = this.all().get(message.session);
    if (!row || row.dashboard !== connection.id) return;
    const agent = this.host.connection(row.agent);
    switch (message.type) {
      case "tunnelResize":
        if (agent) this.host.send(agent, message);
        return;
      case "tunnelCredit": {
        const flight = this.flight(row.session);
        flight.toBrowser = Math.max(0, flight.toBrowser - message.bytes);
        if (agent) this.host.send(agent, message);
        return;
      }
      case "tunnelClose":
        this.end(row, message.reason ?? TUNNEL_TEXT.closed, { agent: true, browser: true });
        return;
    }
  }

  /** A control frame from the agent's socket. */
  fromAgent(connection: Connection, message: TunnelMessage) {
    const row = this.all().get(message.session);
    if (!row || row.agent !== connection.id) return;
    const browser = this.host.connection(row.dashboard);
    switch (message.type) {
      case "tunnelOpened": {
        if (row.opened_at) return;
        const opened = { ...row, opened_at: Date.now() };
        this.save(opened);
        if (browser) this.host.send(browser, { type: "tunnelOpened", session: row.session });
        this.audit(opened, { status: "opened" });
        return;
      }
      case "tunnelCredit": {
        const flight = this.flight(row.session);
        flight.toAgent = Math.max(0, flight.toAgent - message.bytes);
        if (browser) this.host.send(browser, message);
        return;
      }
      case "tunnelClose":
        this.end(row, message.reason ?? TUNNEL_TEXT.closed, { agent: false, browser: true });
        return;
    }
  }

  /**
   * A binary frame: relayed when it names an open session of the sending side, within its window.
   * False when it names no session this socket may use (the room then treats it as any frame).
   */
  data(connection: Connection, frame: Uint8Array): boolean {
    if (frame.byteLength < TUNNEL_ID_BYTES) return false;
    const row = this.all().get(sessionOf(frame));
    if (!row) return false;
    const fromBrowser = row.dashboard === connection.id;
    if (!fromBrowser && row.agent !== connection.id) return false;
    // Bytes before the agent said it was ready, or over a chunk: a broken peer; dropped.
    const bytes = frame.byteLength - TUNNEL_ID_BYTES;
    if (!row.opened_at || bytes > TUNNEL_CHUNK_BYTES) return true;
    const flight = this.flight(row.session);
    if (fromBrowser) flight.toAgent += bytes;
    else flight.toBrowser += bytes;
    const sent = fromBrowser ? flight.toAgent : flight.toBrowser;
    if (sent > TUNNEL_WINDOW_BYTES + TUNNEL_CHUNK_BYTES) {
      this.end(row, TUNNEL_TEXT.overWindow, { agent: true, browser: true });
      return true;
    }
    const to = this.host.connection(fromBrowser ? row.agent : row.dashboard);
    if (!to || to.readyState !== WebSocket.OPEN) return true;
    try {
      // A copy: the frame's buffer belongs to the incoming message and may be reused once this returns.
      to.send(frame.slice().buffer);
    } catch {
      // Closing: its leave ends the session.
    }
    return true;
  }

  /** A socket left: the sessions it held end (the other side is told why). */
  left(connectionId: string) {
    this.refused.delete(connectionId);
    for (const row of this.sessions()) {
      if (row.dashboard === connectionId) this.end(row, TUNNEL_TEXT.viewerLeft, { agent: true, browser: false });
      else if (row.agent === connectionId) this.end(row, TUNNEL_TEXT.agentLeft, { agent: false, browser: true });
    }
  }

  private async open(
    connection: Connection,
    principal: Principal,
    message: Extract<TunnelMessage, { type: "tunnelOpen" }>,
  ) {
    const refuse = (reason: string) => this.refuse(connection, message.session, reason);
    // Refusals come from what the socket already knows first (its principal, and the role it was
    // authenticated with: a role change closes it), so a socket that may not open sessions costs
    // no D1 read however many it asks for.
    if (principal.kind !== "user") return refuse(TUNNEL_TEXT.forbidden);
    if (principal.role && !mayOpenRemoteSessions(principal.role)) return refuse(TUNNEL_TEXT.forbidden);
    if (this.all().has(message.session)) return;
    if (this.all().size + this.opening >= TUNNEL_MAX_PER_DEVICE) return refuse(TUNNEL_TEXT.tooMany);
    if (!this.host.agent()) return refuse(TUNNEL_TEXT.offline);
    this.opening++;
    let refusal: string | null;
    try {
      refusal = await remoteSessionRefusal(this.host.env(), {
        space_uuid: principal.space_uuid,
        user_uuid: principal.user_uuid,
        device_uuid: this.host.device(),
      });
    } finally {
      this.opening--;
    }
    if (refusal) return refuse(refusal);
    // Checked again after the await: the agent may have left, the limit may have filled meanwhile.
    const agent = this.host.agent();
    if (!agent) return refuse(TUNNEL_TEXT.offline);
    if (connection.readyState !== WebSocket.OPEN || this.all().has(message.session)) return;
    if (this.all().size >= TUNNEL_MAX_PER_DEVICE) return refuse(TUNNEL_TEXT.tooMany);
    const row: SessionRow = {
      session: message.session,
      kind: message.kind,
      dashboard: connection.id,
      agent: agent.id,
      user_uuid: principal.user_uuid,
      space_uuid: principal.space_uuid,
      created_at: Date.now(),
      opened_at: 0,
    };
    this.save(row);
    if (!this.host.send(agent, { ...message, idle_ms: message.idle_ms ?? TUNNEL_IDLE_MS })) {
      this.end(row, TUNNEL_TEXT.offline, { agent: false, browser: true });
    }
  }

  /**
   * Refuses a tunnelOpen (tunnelClosed with the reason); the TUNNEL_REFUSALS_MAX-th refusal of a
   * socket closes it (1008): the console asks again only when a person does, a loop asking for
   * what it was refused is not the console.
   */
  private refuse(connection: Connection, session: string, reason: string) {
    const count = (this.refused.get(connection.id) ?? 0) + 1;
    this.refused.set(connection.id, count);
    this.host.send(connection, { type: "tunnelClosed", session, reason });
    if (count < TUNNEL_REFUSALS_MAX) return;
    this.refused.delete(connection.id);
    try {
      connection.close(CloseCode.policy, TUNNEL_TEXT.tooManyRefusals);
    } catch {
      // Already closing.
    }
  }

  private end(row: SessionRow, reason: string, tell: { agent: boolean; browser: boolean }) {
    this.all().delete(row.session);
    this.inFlight.delete(row.session);
    this.host.sql().exec("DELETE FROM tunnel_session WHERE session = ?", row.session);
    const agent = tell.agent ? this.host.connection(row.agent) : undefined;
    if (agent) this.host.send(agent, { type: "tunnelClose", session: row.session, reason });
    const browser = tell.browser ? this.host.connection(row.dashboard) : undefined;
    if (browser) this.host.send(browser, { type: "tunnelClosed", session: row.session, reason });
    if (row.opened_at) {
      this.audit(row, { status: "closed", duration_s: Math.round((Date.now() - row.opened_at) / 1000), reason });
    }
  }

  private audit(
    row: SessionRow,
    step: { status: "opened" } | { status: "closed"; duration_s: number; reason: string },
  ) {
    this.host.waitUntil(
      this.auditWriter.push({
        space_uuid: row.space_uuid,
        device_uuid: this.host.device(),
        user_uuid: row.user_uuid,
        session: row.session,
        kind: row.kind,
        ...step,
      }),
    );
  }

  private flight(session: string) {
    let flight = this.inFlight.get(session);
    if (!flight) {
      flight = { toAgent: 0, toBrowser: 0 };
      this.inFlight.set(session, flight);
    }
    return flight;
  }

  private save(row: SessionRow) {
    this.all().set(row.session, row);
    this.host
      .sql()
      .exec(
        "INSERT OR REPLACE INTO tunnel_session (session, kind, dashboard, agent, user_uuid, space_uuid, created_at, opened_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        row.session,
        row.kind,
        row.dashboard,
        row.agent,
        row.user_uuid,
        row.space_uuid,
        row.created_at,
        row.opened_at,
      );
  }

  private all(): Map<string, SessionRow> {
    if (!this.rows) {
      const rows = this.host.sql().exec<SessionRow>("SELECT * FROM tunnel_session").toArray();
      this.rows = new Map(rows.map((r) => [r.session, r]));
      // A session whose sockets are gone (the room restarted meanwhile) is over.
      for (const row of rows) {
        if (!this.host.connection(row.dashboard) || !this.host.connection(row.agent)) {
          this.end(row, TUNNEL_TEXT.agentLeft, { agent: true, browser: true });
        }
      }
    }
    return this.rows;
  }
}
