/**
 * The DeviceRoom's waits on commands, in memory: each direct call waiting for its answer, and an
 * exact timer per written command for its verdict (the room's alarm covers all of them too, so a
 * verdict survives the room's eviction).
 */
import type { Outcome } from "../../contracts/commands/schema.ts";
import { type CommandRow, dueAt } from "./broker.ts";
import { outcomeOf } from "./broker-views.ts";
import type { CommandHost } from "./command-types.ts";

export class CommandWaits {
  private readonly waiters = new Map<string, ((outcome: Outcome) => void)[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly host: CommandHost,
    /** Looks at a command again when its timer fires (its deadline and the ack grace passed). */
    private readonly onDue: (id: string) => void,
  ) {}

  /** Answers the calls waiting for `row`, once it has an answer (`full`: the result with its image). */
  resolve(row: CommandRow, full?: Record<string, unknown>) {
    const waiting = this.waiters.get(row.id);
    if (!waiting) return;
    this.waiters.delete(row.id);
    const outcome = outcomeOf(row);
    if (!outcome) return;
    const answer = outcome.status === "succeeded" && full ? { ...outcome, result: full } : outcome;
    for (const resolve of waiting) resolve(answer);
  }

  /** A direct call's wait for `row`'s answer. */
  wait(row: CommandRow): Promise<Outcome> {
    this.schedule(row);
    return new Promise((resolve) => {
      this.waiters.set(row.id, [...(this.waiters.get(row.id) ?? []), resolve]);
    });
  }

  /** An in-memory timer for a written command's verdict (exact), and the alarm for all (survives eviction). */
  schedule(row: CommandRow) {
    const timer = this.timers.get(row.id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(row.id);
    const due = dueAt(row);
    if (due === null) return;
    if (row.state !== "queued") {
      const id = row.id;
      this.timers.set(
        id,
        setTimeout(
          () => {
            this.timers.delete(id);
            this.onDue(id);
          },
          Math.max(0, due - Date.now()),
        ),
      );
    }
    this.host.waitUntil(this.host.armAlarm(due).catch((e: unknown) => console.error("command alarm", e)));
  }
}
