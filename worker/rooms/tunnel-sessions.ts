/**
 * The DeviceRoom's remote sessions as rows of its SQLite (the pairing, and what it keeps besides),
 * with their in-memory copies: apart from the relay (device-tunnels.ts), so what is stored, and how
 * a woken room reads it back, is one small unit.
 */
import type { TunnelKind } from "../../contracts/remote-actions/tunnel.ts";

/**
 * What the room keeps of a session besides its pairing: the device's name, the consent outcome,
 * the bytes both ways and its recording's progress (so a room that hibernates and wakes resumes
 * the recording at its next chunk).
 */
export type SessionMeta = {
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

export type SessionRow = {
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

export class TunnelSessions {
  private rows: Map<string, SessionRow> | null = null;
  private metas: Map<string, SessionMeta> | null = null;

  /**
   * `stale` is told of each session read back whose sockets are gone (the room restarted
   * meanwhile): it ends them.
   */
  constructor(
    private readonly sql: () => SqlStorage,
    private readonly connected: (id: string) => boolean,
    private readonly stale: (row: SessionRow) => void,
  ) {}

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

  all(): Map<string, SessionRow> {
    if (!this.rows) {
      const rows = this.sql().exec<SessionRow>("SELECT * FROM tunnel_session").toArray();
      this.rows = new Map(rows.map((r) => [r.session, r]));
      // A session whose sockets are gone (the room restarted meanwhile) is over.
      for (const row of rows) {
        if (!this.connected(row.dashboard) || !this.connected(row.agent)) this.stale(row);
      }
    }
    return this.rows;
  }

  save(row: SessionRow) {
    this.all().set(row.session, row);
    this.sql().exec(
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

  /** Forgets a session's pairing (its meta row goes with dropMeta, once the end has read it). */
  drop(session: string) {
    this.all().delete(session);
    this.sql().exec("DELETE FROM tunnel_session WHERE session = ?", session);
  }

  meta(session: string): SessionMeta | undefined {
    if (!this.metas) {
      const rows = this.sql().exec<SessionMeta>("SELECT * FROM tunnel_session_meta").toArray();
      this.metas = new Map(rows.map((r) => [r.session, r]));
    }
    return this.metas.get(session);
  }

  saveMeta(meta: SessionMeta) {
    this.meta(meta.session);
    this.metas?.set(meta.session, meta);
    this.sql().exec(
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

  dropMeta(session: string) {
    this.metas?.delete(session);
    this.sql().exec("DELETE FROM tunnel_session_meta WHERE session = ?", session);
  }
}
