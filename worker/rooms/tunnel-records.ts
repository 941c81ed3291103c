/**
 * What stays on record of the DeviceRoom's remote sessions: their recordings (a recorder per
 * session, resumed from its meta row after the room slept) and their audit entries. Apart from the
 * relay (device-tunnels.ts), which only feeds them.
 */
import type { Env } from "../env.ts";
import { auditRemoteSessions, type RemoteSessionStep } from "../services/devices/remote-sessions.ts";
import { SessionRecorder } from "../services/sessions/recorder.ts";
import { batchWriter } from "./batch-writer.ts";
import type { SessionRow, TunnelSessions } from "./tunnel-sessions.ts";

type CommonStep = "space_uuid" | "device_uuid" | "device_name" | "user_uuid" | "session" | "kind" | "recorded";
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type SessionStep = DistributiveOmit<RemoteSessionStep, CommonStep>;

export type RecordsHost = {
  env(): Env;
  device(): string;
  waitUntil(work: Promise<unknown>): void;
};

export type RecorderInput = {
  session: string;
  space_uuid: string;
  kind: SessionRow["kind"];
  input: boolean;
  cols: number;
  rows: number;
  started: number;
  seq: number;
  bytes: number;
};

export class TunnelRecords {
  private readonly recorders = new Map<string, SessionRecorder>();
  private readonly auditWriter = batchWriter<RemoteSessionStep>((steps) => auditRemoteSessions(this.host.env(), steps));

  constructor(
    private readonly host: RecordsHost,
    private readonly store: TunnelSessions,
  ) {}

  audit(row: SessionRow, step: SessionStep) {
    const meta = this.store.meta(row.session);
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

  newRecorder(input: RecorderInput) {
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
        const meta = this.store.meta(input.session);
        if (!meta) return;
        meta.rec_seq = seq;
        meta.rec_bytes = bytes;
        this.store.saveMeta(meta);
      },
    });
  }

  /** A session's recorder started at its opening. */
  keep(session: string, recorder: SessionRecorder) {
    this.recorders.set(session, recorder);
  }

  forget(session: string) {
    this.recorders.delete(session);
  }

  /** A recorded session's recorder; rebuilt from its meta row after the room slept. */
  recorder(row: SessionRow): SessionRecorder | undefined {
    const live = this.recorders.get(row.session);
    if (live) return live;
    const meta = this.store.meta(row.session);
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
}
