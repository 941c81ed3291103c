import type { CommandList, CommandRecord } from "@contracts/commands/queue";
import { ServerMessage } from "@contracts/realtime/events";
import { describe, expect, it } from "vitest";
import { roomEffect } from "../live/room-state";
import { KEPT_COMMAND_ROWS, queuedCount, upsertCommand } from "./command-cache";

const record = (id: string, created: string, patch: Partial<CommandRecord> = {}): CommandRecord => ({
  id,
  action: "instant-reboot",
  state: "queued",
  supersede_key: null,
  created_at: created,
  updated_at: created,
  expires_at: null,
  deadline: null,
  delivered_at: null,
  acked_at: null,
  finished_at: null,
  late: false,
  result: null,
  error: null,
  user_uuid: "u1",
  ...patch,
});

const list = (...commands: CommandRecord[]): CommandList => ({ commands });
const ids = (value: CommandList | undefined) => value?.commands.map((row) => row.id);

const newer = record("c3", "2026-03-01T10:03:00.000Z");
const middle = record("c2", "2026-03-01T10:02:00.000Z");
const older = record("c1", "2026-03-01T10:01:00.000Z");

describe("Commands tab cache: commandUpdate records", () => {
  it("replaces a known command by id, in place", () => {
    const delivered = { ...middle, state: "delivered" as const, updated_at: "2026-03-01T10:05:00.000Z" };
    const next = upsertCommand(list(newer, middle, older), delivered);
    expect(ids(next)).toEqual(["c3", "c2", "c1"]);
    expect(next?.commands[1]?.state).toBe("delivered");
  });

  it("inserts a new command at its place, newest first", () => {
    expect(ids(upsertCommand(list(middle, older), newer))).toEqual(["c3", "c2", "c1"]);
    expect(ids(upsertCommand(list(newer, older), middle))).toEqual(["c3", "c2", "c1"]);
    expect(ids(upsertCommand(list(newer, middle), older))).toEqual(["c3", "c2", "c1"]);
    expect(ids(upsertCommand(list(), older))).toEqual(["c1"]);
  });

  it("ignores a frame older than the cached record (out of order)", () => {
    const succeeded = { ...middle, state: "succeeded" as const, updated_at: "2026-03-01T10:06:00.000Z" };
    const cached = list(newer, succeeded);
    const stale = { ...middle, state: "acked" as const, updated_at: "2026-03-01T10:05:00.000Z" };
    expect(upsertCommand(cached, stale)).toBe(cached);
    // The same instant: a final state is not reopened, a final one replaces a pending one.
    const sameInstant = { ...stale, updated_at: succeeded.updated_at };
    expect(upsertCommand(cached, sameInstant)).toBe(cached);
    const acked = list({ ...middle, state: "acked", updated_at: succeeded.updated_at });
    expect(upsertCommand(acked, succeeded)?.commands[0]?.state).toBe("succeeded");
  });

  it("a late answer turns in_doubt into succeeded, marked late", () => {
    const doubt = { ...middle, state: "in_doubt" as const, updated_at: "2026-03-01T10:03:00.000Z" };
    const late = { ...doubt, state: "succeeded" as const, late: true, updated_at: "2026-03-01T10:09:00.000Z" };
    const next = upsertCommand(list(doubt), late);
    expect(next?.commands[0]).toMatchObject({ state: "succeeded", late: true });
  });

  it("leaves an uncached list alone (the tab fetches it when opened)", () => {
    expect(upsertCommand(undefined, newer)).toBeUndefined();
  });

  it("keeps at most the list route's 200 rows", () => {
    const rows = Array.from({ length: KEPT_COMMAND_ROWS }, (_, i) =>
      record(`r${i}`, new Date(Date.UTC(2026, 2, 1, 9) - i * 1000).toISOString()),
    );
    const next = upsertCommand(list(...rows), record("new", "2026-03-01T12:00:00.000Z"));
    expect(next?.commands).toHaveLength(KEPT_COMMAND_ROWS);
    expect(next?.commands[0]?.id).toBe("new");
    expect(next?.commands.at(-1)?.id).toBe(`r${KEPT_COMMAND_ROWS - 2}`);
  });

  it("reads the record of a device room's commandUpdate frame", () => {
    const frame = ServerMessage.parse({
      type: "commandUpdate",
      id: "c3",
      action: "instant-reboot",
      status: "received",
      record: { ...newer, state: "acked" },
    });
    const effect = roomEffect(frame, "d1");
    expect(effect.kind).toBe("command");
    const carried = effect.kind === "command" ? effect.command.record : undefined;
    expect(carried?.state).toBe("acked");
    expect(ids(upsertCommand(list(middle), carried as CommandRecord))).toEqual(["c3", "c2"]);
  });

  it("counts the queued commands (Cancel all queued)", () => {
    expect(queuedCount(list(newer, { ...middle, state: "delivered" }, older))).toBe(2);
    expect(queuedCount(undefined)).toBe(0);
  });
});
