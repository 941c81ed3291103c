import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { CommandAction } from "../contracts/commands/action.ts";

/** A command's answer as the journal keeps it: the commandResult frame without its type and id. */
export type JournalResult = {
  ok: boolean;
  result?: Record<string, unknown>;
  error?: string;
  expired?: boolean;
};

/** What the agent knows about one command id: when it started and, once it finished, its answer. */
export type JournalEntry = {
  id: string;
  action: CommandAction;
  started_at: number;
  result?: JournalResult;
  finished_at?: number;
};

/**
 * The agent's memory of commands it took on: a command id is written here before the
 * command is acted on, and its answer when it finishes, so a re-delivered id is answered from here
 * and never run twice, even across a restart or a reboot the command itself caused.
 */
export interface CommandJournal {
  get(id: string): JournalEntry | undefined;
  /** Records that `id` is about to run; returns only once that is durable. */
  start(id: string, action: CommandAction, now?: number): void;
  /** Records the answer of `id` (started before, or answered without running: expired). */
  finish(id: string, action: CommandAction, result: JournalResult, now?: number): void;
  close(): void;
}

/** Entries older than this are forgotten (a queued command lives at most 7 days). */
export const JOURNAL_MAX_AGE_MS = 7 * 24 * 3600_000;
/** At most this many ids are kept (the oldest go first). */
export const JOURNAL_MAX_ENTRIES = 10_000;
/**
 * A result larger than this (a screenshot's image) is kept without its large fields: the first
 * answer carries them, a repeated answer says what happened without them (as the room's stored
 * outcome does).
 */
export const JOURNAL_RESULT_MAX_BYTES = 16 * 1024;
const FIELD_MAX_BYTES = 1024;

/** A result small enough to keep: its large top-level fields dropped when the whole is too big. */
export function slimResult(result: JournalResult): JournalResult {
  if (!result.result || JSON.stringify(result.result).length <= JOURNAL_RESULT_MAX_BYTES) return result;
  const kept = Object.entries(result.result).filter(
    ([, value]) => JSON.stringify(value ?? null).length <= FIELD_MAX_BYTES,
  );
  return { ...result, result: Object.fromEntries(kept) };
}

/** The bounded map both journals keep in memory (insertion order = order last touched). */
class Entries {
  readonly map = new Map<string, JournalEntry>();

  put(entry: JournalEntry) {
    this.map.delete(entry.id);
    this.map.set(entry.id, entry);
  }

  /** Forgets entries last touched past the age limit, and the oldest beyond the count limit. */
  prune(now: number) {
    for (const [id, entry] of this.map) {
      const touched = entry.finished_at ?? entry.started_at;
      if (this.map.size <= JOURNAL_MAX_ENTRIES && now - touched <= JOURNAL_MAX_AGE_MS) break;
      this.map.delete(id);
    }
  }
}

/** A journal that lives as long as the process: the simulator's chaos runs and tests. */
export class MemoryJournal implements CommandJournal {
  private readonly entries = new Entries();

  get(id: string) {
    return this.entries.map.get(id);
  }

  start(id: string, action: CommandAction, now = Date.now()) {
    this.entries.put({ id, action, started_at: now });
    this.entries.prune(now);
  }

  finish(id: string, action: CommandAction, result: JournalResult, now = Date.now()) {
    const started_at = this.entries.map.get(id)?.started_at ?? now;
    this.entries.put({ id, action, started_at, result: slimResult(result), finished_at: now });
    this.entries.prune(now);
  }

  close() {}
}

/**
 * The journal on disk: an append-only JSON Lines file, one line per change (the entry as it is
 * after it), each write fsynced before the call returns. The last line of an id wins; a torn
 * last line (power lost mid-write) is skipped. When the file holds many more lines than live
 * entries it is rewritten (temp file, fsync, rename, fsync of the directory). No descriptor is
 * kept open between writes, so a simulator may keep one journal per device.
 */
export class FileJournal implements CommandJournal {
  private readonly entries = new Entries();
  private lines = 0;
  private closed = false;
  readonly path: string;

  constructor(path: string, now = Date.now()) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    let text = "";
    try {
      text = readFileSync(path, "utf8");
    } catch {
      // No journal yet.
    }
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      this.lines++;
      const entry = parseLine(line);
      if (entry) this.entries.put(entry);
    }
    this.entries.prune(now);
    if (this.lines > this.entries.map.size) this.compact();
  }

  get(id: string) {
    return this.entries.map.get(id);
  }

  start(id: string, action: CommandAction, now = Date.now()) {
    this.write({ id, action, started_at: now }, now);
  }

  finish(id: string, action: CommandAction, result: JournalResult, now = Date.now()) {
    const started_at = this.entries.map.get(id)?.started_at ?? now;
    this.write({ id, action, started_at, result: slimResult(result), finished_at: now }, now);
  }

  close() {
    this.closed = true;
  }

  private write(entry: JournalEntry, now: number) {
    if (this.closed) throw new Error("the command journal is closed");
    const fd = openSync(this.path, "a", 0o600);
    try {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.entries.put(entry);
    this.lines++;
    this.entries.prune(now);
    // Dropped and superseded lines stay in the file until it is rewritten, now and then.
    if (this.lines > 2 * this.entries.map.size + 1000) this.compact();
  }

  /** Rewrites the file with the live entries only. */
  private compact() {
    const temp = `${this.path}.tmp`;
    const body = [...this.entries.map.values()].map((entry) => `${JSON.stringify(entry)}\n`).join("");
    const fd = openSync(temp, "w", 0o600);
    try {
      writeSync(fd, body);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.path);
    syncDirectory(dirname(this.path));
    this.lines = this.entries.map.size;
  }
}

/** Makes a rename durable (the directory entry); some platforms cannot open a directory: skipped. */
function syncDirectory(dir: string) {
  let fd = -1;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Windows: directories cannot be fsynced; the rename is as durable as the platform makes it.
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

function parseLine(line: string): JournalEntry | undefined {
  if (!line.trim()) return undefined;
  try {
    const entry = JSON.parse(line) as Partial<JournalEntry>;
    if (typeof entry.id !== "string" || typeof entry.started_at !== "number" || typeof entry.action !== "string") {
      return undefined;
    }
    return entry as JournalEntry;
  } catch {
    return undefined;
  }
}
