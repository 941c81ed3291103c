import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import { type ClientMessage, CloseCode, type ServerMessage } from "../../contracts/realtime/events.ts";
import {
  dataFrame,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_ID_BYTES,
  TUNNEL_IDLE_MS,
  TUNNEL_MAX_PER_DEVICE,
  TUNNEL_REFUSALS_MAX,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelKind,
} from "../../contracts/remote-actions/tunnel.ts";
import { SESSION_TEXT, type TunnelConsent } from "../../contracts/sessions/schema.ts";
import type { Env } from "../env.ts";
import {
  auditRemoteSessions,
  mayOpenRemoteSessions,
  type RemoteSessionStep,
  remoteSessionPlan,
} from "../services/devices/remote-sessions.ts";
import { SessionRecorder } from "../services/sessions/recorder.ts";
import { ViewOnlyRfbFilter } from "../services/sessions/rfb-input.ts";
import { batchWriter } from "./batch-writer.ts";

type CommonStep = "space_uuid" | "device_uuid" | "device_name" | "user_uuid" | "session" | "kind" | "recorded";
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
  /** Injected clock (tests): decides "prompt only during working hours". */
  now?(): Date;
};

/**
 * What the room keeps of a session besides its pairing: the device's name, the consent outcome,
 * the bytes both ways and its recording's progress (so a room that hibernates and wakes resumes
 * the recording at its next chunk).
 */
type SessionMeta = {
  session: string;
  device_name: string;
  consent: string;
  view_only: number;
  bytes_in: number;
  bytes_out: number;
  /** 0: not recorded. */
  recorded: number;
  record_input: number;
  rec_started: number;
  rec_seq: number;
  rec_bytes: number;
  cols: number;
  rows: number;
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
 * The DeviceRoom's remote sessions (protocol in contracts/remote-actions/tunnel.ts): it checks who may
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
  private readonly recorders = new Map<string, SessionRecorder>();
  /** View-only desktops: the operator's RFB stream, read so input never reaches the device. */
  private readonly viewOnly = new Map<string, ViewOnlyRfbFilter>();
  private metas: Map<string, SessionMeta> | null = null;
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
    sql.exec(`CREATE TABLE IF NOT EXISTS tunnel_session_meta (
      session TEXT PRIMARY KEY,
      device_name TEXT NOT NULL,
      consent TEXT NOT NULL,
      view_only INTEGER NOT NULL,
      bytes_in INTEGER NOT NULL,
      bytes_out INTEGER NOT NULL,
      recorded INTEGER NOT NULL,
      record_input INTEGER NOT NULL,
      rec_started INTEGER NOT NULL,
      rec_seq INTEGER NOT NULL,
      rec_bytes INTEGER NOT NULL,
      cols INTEGER NOT NULL,
      rows INTEGER NOT NULL
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
        this.recorder(row)?.resize(message.cols, message.rows);
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
        this.save(opened);
        const meta = this.meta(row.session);
        if (browser) {
          this.host.send(browser, {
            type: "tunnelOpened",
            session: row.session,
            ...(row.kind === "vnc" && meta?.view_only ? { view_only: true } : {}),
          });
        }
        this.audit(opened, { status: "opened", ...(meta?.consent ? { consent: meta.consent } : {}) });
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
            this.saveMeta(meta);
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
      const recorder = this.recorder(row);
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
    this.recorder(row)?.input(verdict.pass);
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
    let plan: Awaited<ReturnType<typeof remoteSessionPlan>>;
    let recorder: SessionRecorder | null = null;
    try {
      plan = await remoteSessionPlan(this.host.env(), {
        space_uuid: principal.space_uuid,
        user_uuid: principal.user_uuid,
        device_uuid: this.host.device(),
        kind: message.kind,
        now: this.host.now?.() ?? new Date(),
      });
      if ("plan" in plan) {
        // Every session is recorded where the recorder can write; a space that requires
        // recording refuses the session whose first chunk could not be written.
        recorder = this.newRecorder({
          session: message.session,
          space_uuid: principal.space_uuid,
          kind: message.kind,
          input: plan.plan.recording.input,
          cols: message.cols ?? 80,
          rows: message.rows ?? 24,
          started: Date.now(),
          seq: 0,
          bytes: 0,
        });
        if (!(await recorder.start())) recorder = null;
      }
    } finally {
      this.opening--;
    }
    // A refusal by policy is on record too (a role that tried what it may not, a recorder down).
    const attempt: SessionRow = {
      session: message.session,
      kind: message.kind,
      dashboard: connection.id,
      agent: "",
      user_uuid: principal.user_uuid,
      space_uuid: principal.space_uuid,
      created_at: Date.now(),
      opened_at: 0,
    };
    if ("refusal" in plan) {
      this.audit(attempt, { status: "refused", reason: plan.refusal });
      return refuse(plan.refusal);
    }
    const { plan: p } = plan;
    if (!recorder && p.recording.required) {
      this.audit(attempt, { status: "refused", reason: SESSION_TEXT.recorderFailed });
      return refuse(SESSION_TEXT.recorderFailed);
    }
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
    const meta: SessionMeta = {
      session: row.session,
      device_name: p.device_name,
      consent: p.consent ? "asked" : "",
      view_only: p.control ? 0 : 1,
      bytes_in: 0,
      bytes_out: 0,
      recorded: recorder ? 1 : 0,
      record_input: p.recording.input ? 1 : 0,
      rec_started: row.created_at,
      rec_seq: recorder?.chunks ?? 0,
      rec_bytes: recorder?.bytes ?? 0,
      cols: message.cols ?? 80,
      rows: message.rows ?? 24,
    };
    this.saveMeta(meta);
    if (recorder) {
      this.recorders.set(row.session, recorder);
      this.host.send(connection, { type: "tunnelRecorded", session: row.session, recording: SESSION_TEXT.recorded });
    }
    // The agent hears the room's consent, banner and recording, never what a browser put there.
    const { consent: _c, banner: _b, recorded: _r, operator: _o, ...asked } = message;
    const toAgent = {
      ...asked,
      idle_ms: message.idle_ms ?? TUNNEL_IDLE_MS,
      ...(p.consent ? { consent: p.consent } : {}),
      // A space that requires recording has the device say so too, whatever the location's banner.
      ...(p.banner || (recorder && p.recording.required) ? { banner: true } : {}),
      ...(recorder ? { recorded: true } : {}),
      operator: p.operator,
    };
    if (!this.host.send(agent, toAgent)) {
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
    const meta = this.meta(row.session);
    const recorder = this.recorder(row);
    this.recorders.delete(row.session);
    this.viewOnly.delete(row.session);
    this.metas?.delete(row.session);
    this.host.sql().exec("DELETE FROM tunnel_session_meta WHERE session = ?", row.session);
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
          this.audit(
            row,
            recorder ? { ...closed, recording: { bytes: recorder.bytes, chunks: recorder.chunks } } : closed,
          ),
        ),
      );
    } else {
      // Never opened: refused at the device (or by its default), or the agent could not start it.
      this.audit(row, { status: "refused", reason });
      if (recorder) this.host.waitUntil(finished);
    }
  }

  private audit(row: SessionRow, step: DistributiveOmit<RemoteSessionStep, CommonStep>) {
    const meta = this.meta(row.session);
    // A refused session has no recording to link (its row is written when a session opens).
    const recorded =
      step.status !== "refused" && (Boolean(meta?.recorded) || ("recording" in step && Boolean(step.recording)));
    this.host.waitUntil(
      this.auditWriter.push({
        space_uuid: row.space_uuid,
        device_uuid: this.host.device(),
        device_name: meta?.device_name,
        user_uuid: row.user_uuid,
        session: row.session,
        kind: row.kind,
        recorded,
        ...step,
      } as RemoteSessionStep),
    );
  }

  private newRecorder(input: {
    session: string;
    space_uuid: string;
    kind: SessionRow["kind"];
    input: boolean;
    cols: number;
    rows: number;
    started: number;
    seq: number;
    bytes: number;
  }) {
    return new SessionRecorder({
      bucket: this.host.env().FILES,
      space_uuid: input.space_uuid,
      session: input.session,
      kind: input.kind,
      input: input.input,
      cols: input.cols,
      rows: input.rows,
      started: input.started,
      seq: input.seq,
      bytes: input.bytes,
      waitUntil: (work) => this.host.waitUntil(work),
      onChunk: (seq, bytes) => {
        const meta = this.meta(input.session);
        if (!meta) return;
        meta.rec_seq = seq;
        meta.rec_bytes = bytes;
        this.saveMeta(meta);
      },
    });
  }

  /** A recorded session's recorder; rebuilt from its meta row after the room slept. */
  private recorder(row: SessionRow): SessionRecorder | undefined {
    const live = this.recorders.get(row.session);
    if (live) return live;
    const meta = this.meta(row.session);
    if (!meta?.recorded) return undefined;
    const resumed = this.newRecorder({
      session: row.session,
      space_uuid: row.space_uuid,
      kind: row.kind,
      input: Boolean(meta.record_input),
      cols: meta.cols,
      rows: meta.rows,
      started: meta.rec_started,
      seq: meta.rec_seq,
      bytes: meta.rec_bytes,
    });
    this.recorders.set(row.session, resumed);
    return resumed;
  }

  private meta(session: string): SessionMeta | undefined {
    if (!this.metas) {
      const rows = this.host.sql().exec<SessionMeta>("SELECT * FROM tunnel_session_meta").toArray();
      this.metas = new Map(rows.map((r) => [r.session, r]));
    }
    return this.metas.get(session);
  }

  private saveMeta(meta: SessionMeta) {
    this.meta(meta.session);
    this.metas?.set(meta.session, meta);
    this.host
      .sql()
      .exec(
        "INSERT OR REPLACE INTO tunnel_session_meta (session, device_name, consent, view_only, bytes_in, bytes_out, recorded, record_input, rec_started, rec_seq, rec_bytes, cols, rows) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        meta.session,
        meta.device_name,
        meta.consent,
        meta.view_only,
        meta.bytes_in,
        meta.bytes_out,
        meta.recorded,
        meta.record_input,
        meta.rec_started,
        meta.rec_seq,
        meta.rec_bytes,
        meta.cols,
        meta.rows,
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
