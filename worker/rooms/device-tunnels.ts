import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import {
  dataFrame,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_ID_BYTES,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
} from "../../contracts/remote-actions/tunnel.ts";
import { SESSION_TEXT, type TunnelConsent } from "../../contracts/sessions/schema.ts";
import { ViewOnlyRfbFilter } from "../services/sessions/rfb-input.ts";
import type { TunnelHost, TunnelMessage } from "./tunnel-host.ts";
import { TunnelOpening } from "./tunnel-opening.ts";
import { TunnelRecords } from "./tunnel-records.ts";
import { type SessionRow, TunnelSessions } from "./tunnel-sessions.ts";

/**
 * The DeviceRoom's remote sessions (protocol in contracts/remote-actions/tunnel.ts): it checks who may
 * open one, pairs the browser's socket with the agent's, relays control and data frames between
 * them without keeping a byte, holds each direction to its credit window, ends the sessions of a
 * socket that leaves and audits each session's opening and end (with its duration). Sessions
 * are rows of the room's SQLite, so a room that hibernates during a quiet terminal still relays
 * when the next key arrives; the in-flight byte counts live in memory (a woken room starts them
 * at zero, which only loosens the check for one window).
 */
export class DeviceTunnels {
  private readonly inFlight = new Map<string, { toAgent: number; toBrowser: number }>();
  /** View-only desktops: the operator's RFB stream, read so input never reaches the device. */
  private readonly viewOnly = new Map<string, ViewOnlyRfbFilter>();
  private readonly store: TunnelSessions;
  private readonly records: TunnelRecords;
  private readonly opening: TunnelOpening;

  constructor(private readonly host: TunnelHost) {
    this.store = new TunnelSessions(
      () => host.sql(),
      (id) => Boolean(host.connection(id)),
      (row) => this.end(row, TUNNEL_TEXT.agentLeft, { agent: true, browser: true }),
    );
    this.records = new TunnelRecords(host, this.store);
    this.opening = new TunnelOpening(host, this.store, this.records, (row, reason, tell) =>
      this.end(row, reason, tell),
    );
  }

  static createTable(sql: SqlStorage) {
    TunnelSessions.createTable(sql);
  }

  /** Open sessions (for tests and the room's own checks). */
  sessions(): SessionRow[] {
    return [...this.all().values()];
  }

  /** A control frame from a browser's socket. */
  async fromDashboard(connection: Connection, principal: Principal, message: TunnelMessage) {
    if (message.type === "tunnelOpen") return this.opening.open(connection, principal, message);
    const row = this.all().get(message.session);
    if (!row || row.dashboard !== connection.id) return;
    const agent = this.host.connection(row.agent);
    switch (message.type) {
      case "tunnelResize":
        if (agent) this.host.send(agent, message);
        this.records.recorder(row)?.resize(message.cols, message.rows);
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
  fromAgent(connection: Connection, message: TunnelMessage | TunnelConsent) {
    const row = this.all().get(message.session);
    if (!row || row.agent !== connection.id) return;
    const browser = this.host.connection(row.dashboard);
    switch (message.type) {
      case "tunnelOpened": {
        if (row.opened_at) return;
        const opened = { ...row, opened_at: Date.now() };
        this.store.save(opened);
        const meta = this.meta(row.session);
        if (browser) {
          this.host.send(browser, {
            type: "tunnelOpened",
            session: row.session,
            ...(row.kind === "vnc" && meta?.view_only ? { view_only: true } : {}),
          });
        }
        this.records.audit(opened, { status: "opened", ...(meta?.consent ? { consent: meta.consent } : {}) });
        return;
      }
      case "tunnelConsent": {
        // The prompt's steps go to the operator as they come; the outcome goes in the audit entry.
        if (message.state !== "waiting") {
          const meta = this.meta(row.session);
          if (meta) {
            meta.consent =
              message.action && message.state !== "accepted" && message.state !== "refused"
                ? `${message.state}_${message.action}`
                : message.state;
            this.store.saveMeta(meta);
          }
        }
        if (browser) this.host.send(browser, message);
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
    const meta = this.meta(row.session);
    if (fromBrowser && row.kind === "vnc" && meta?.view_only) return this.viewOnlyInput(row, frame);
    const flight = this.flight(row.session);
    if (fromBrowser) flight.toAgent += bytes;
    else flight.toBrowser += bytes;
    if (meta) {
      if (fromBrowser) meta.bytes_out += bytes;
      else meta.bytes_in += bytes;
      const recorder = this.records.recorder(row);
      const payload = frame.subarray(TUNNEL_ID_BYTES);
      if (fromBrowser) recorder?.input(payload);
      else recorder?.output(payload);
    }
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

  /**
   * A view-only desktop's frame from the browser: only what watching needs goes on to the agent;
   * input is dropped (and credited back to the browser at once, so its window stays open), and a
   * stream the room cannot read ends the session.
   */
  private viewOnlyInput(row: SessionRow, frame: Uint8Array): boolean {
    let filter = this.viewOnly.get(row.session);
    if (!filter) {
      filter = new ViewOnlyRfbFilter();
      this.viewOnly.set(row.session, filter);
    }
    const payload = frame.subarray(TUNNEL_ID_BYTES);
    const verdict = filter.push(payload);
    if (verdict.refuse !== undefined) {
      this.end(row, SESSION_TEXT.forbidden("control"), { agent: true, browser: true });
      return true;
    }
    const dropped = payload.byteLength - verdict.pass.byteLength;
    const browser = this.host.connection(row.dashboard);
    if (dropped > 0 && browser) this.host.send(browser, { type: "tunnelCredit", session: row.session, bytes: dropped });
    if (verdict.pass.byteLength === 0) return true;
    const meta = this.meta(row.session);
    if (meta) meta.bytes_out += verdict.pass.byteLength;
    this.records.recorder(row)?.input(verdict.pass);
    this.flight(row.session).toAgent += verdict.pass.byteLength;
    const agent = this.host.connection(row.agent);
    if (!agent || agent.readyState !== WebSocket.OPEN) return true;
    try {
      agent.send(dataFrame(row.session, verdict.pass).buffer as ArrayBuffer);
    } catch {
      // Closing: its leave ends the session.
    }
    return true;
  }

  /** A socket left: the sessions it held end (the other side is told why). */
  left(connectionId: string) {
    this.opening.forget(connectionId);
    for (const row of this.sessions()) {
      if (row.dashboard === connectionId) this.end(row, TUNNEL_TEXT.viewerLeft, { agent: true, browser: false });
      else if (row.agent === connectionId) this.end(row, TUNNEL_TEXT.agentLeft, { agent: false, browser: true });
    }
  }

  private end(row: SessionRow, reason: string, tell: { agent: boolean; browser: boolean }) {
    this.store.drop(row.session);
    this.inFlight.delete(row.session);
    const agent = tell.agent ? this.host.connection(row.agent) : undefined;
    if (agent) this.host.send(agent, { type: "tunnelClose", session: row.session, reason });
    const browser = tell.browser ? this.host.connection(row.dashboard) : undefined;
    if (browser) this.host.send(browser, { type: "tunnelClosed", session: row.session, reason });
    const meta = this.meta(row.session);
    const recorder = this.records.recorder(row);
    this.records.forget(row.session);
    this.viewOnly.delete(row.session);
    this.store.dropMeta(row.session);
    const finished = recorder ? recorder.end() : Promise.resolve();
    if (row.opened_at) {
      const closed = {
        status: "closed" as const,
        duration_s: Math.round((Date.now() - row.opened_at) / 1000),
        reason,
        bytes_in: meta?.bytes_in ?? 0,
        bytes_out: meta?.bytes_out ?? 0,
      };
      // The audit entry waits for the recording's last chunk, so its size is the recording's.
      this.host.waitUntil(
        finished.then(() =>
          this.records.audit(
            row,
            recorder ? { ...closed, recording: { bytes: recorder.bytes, chunks: recorder.chunks } } : closed,
          ),
        ),
      );
    } else {
      // Never opened: refused at the device (or by its default), or the agent could not start it.
      this.records.audit(row, { status: "refused", reason });
      if (recorder) this.host.waitUntil(finished);
    }
  }

  private flight(session: string) {
    let flight = this.inFlight.get(session);
    if (!flight) {
      flight = { toAgent: 0, toBrowser: 0 };
      this.inFlight.set(session, flight);
    }
    return flight;
  }

  private meta(session: string) {
    return this.store.meta(session);
  }

  private all(): Map<string, SessionRow> {
    return this.store.all();
  }
}
