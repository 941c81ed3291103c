/**
 * How a remote session is opened on the DeviceRoom: who may ask, the per-device limit, the
 * refusals a socket is allowed, the space's policy and the recording's start. Apart from the relay
 * (device-tunnels.ts), which carries a session once it is open.
 */
import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import { CloseCode } from "../../contracts/realtime/events.ts";
import {
  TUNNEL_IDLE_MS,
  TUNNEL_MAX_PER_DEVICE,
  TUNNEL_REFUSALS_MAX,
  TUNNEL_TEXT,
} from "../../contracts/remote-actions/tunnel.ts";
import { SESSION_TEXT } from "../../contracts/sessions/schema.ts";
import { mayOpenRemoteSessions, remoteSessionPlan } from "../services/devices/remote-sessions.ts";
import type { SessionRecorder } from "../services/sessions/recorder.ts";
import type { TunnelHost, TunnelMessage } from "./tunnel-host.ts";
import type { TunnelRecords } from "./tunnel-records.ts";
import type { SessionMeta, SessionRow, TunnelSessions } from "./tunnel-sessions.ts";

type Tell = { agent: boolean; browser: boolean };

export class TunnelOpening {
  /** tunnelOpens refused per socket (connection id); memory only, like the in-flight counts. */
  private readonly refused = new Map<string, number>();
  /** tunnelOpens waiting for their D1 check: they count against TUNNEL_MAX_PER_DEVICE meanwhile. */
  private opening = 0;

  constructor(
    private readonly host: TunnelHost,
    private readonly store: TunnelSessions,
    private readonly records: TunnelRecords,
    private readonly end: (row: SessionRow, reason: string, tell: Tell) => void,
  ) {}

  /** A socket left: its refusals are forgotten. */
  forget(connectionId: string) {
    this.refused.delete(connectionId);
  }

  async open(connection: Connection, principal: Principal, message: Extract<TunnelMessage, { type: "tunnelOpen" }>) {
    const refuse = (reason: string) => this.refuse(connection, message.session, reason);
    // Refusals come from what the socket already knows first (its principal, and the role it was
    // authenticated with: a role change closes it), so a socket that may not open sessions costs
    // no D1 read however many it asks for.
    if (principal.kind !== "user") return refuse(TUNNEL_TEXT.forbidden);
    if (principal.role && !mayOpenRemoteSessions(principal.role)) return refuse(TUNNEL_TEXT.forbidden);
    if (this.store.all().has(message.session)) return;
    if (this.store.all().size + this.opening >= TUNNEL_MAX_PER_DEVICE) return refuse(TUNNEL_TEXT.tooMany);
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
        recorder = this.records.newRecorder({
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
      this.records.audit(attempt, { status: "refused", reason: plan.refusal });
      return refuse(plan.refusal);
    }
    const { plan: p } = plan;
    if (!recorder && p.recording.required) {
      this.records.audit(attempt, { status: "refused", reason: SESSION_TEXT.recorderFailed });
      return refuse(SESSION_TEXT.recorderFailed);
    }
    // Checked again after the await: the agent may have left, the limit may have filled meanwhile.
    const agent = this.host.agent();
    if (!agent) return refuse(TUNNEL_TEXT.offline);
    if (connection.readyState !== WebSocket.OPEN || this.store.all().has(message.session)) return;
    if (this.store.all().size >= TUNNEL_MAX_PER_DEVICE) return refuse(TUNNEL_TEXT.tooMany);
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
    this.store.save(row);
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
    this.store.saveMeta(meta);
    if (recorder) {
      this.records.keep(row.session, recorder);
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
}
