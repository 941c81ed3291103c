import type { Connection } from "partyserver";
import type { CommandAction, CommandResult as ResultFrame, ServerMessage } from "../contracts/realtime.ts";
import type { Env } from "../worker/env.ts";
import { auditCommand, recordVisionReceived } from "../worker/services/devices/records.ts";
import { CommandBroker, type Outcome, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from "./broker.ts";
import { kvDelete, kvGet, kvSet } from "./device-storage.ts";

/** kv key of a display configuration waiting for the agent. */
const PENDING_DISPLAY_CONFIG = "pending_display_config";
/** Command ids (and outcomes) are kept a day: a retry within it is answered, never run again. */
const KEEP_COMMANDS_MS = 86_400_000;

const withoutImage = ({ image_base64: _image, ...rest }: Record<string, unknown>) => rest;

export type RunCommandInput = {
  id: string;
  action: CommandAction;
  params?: Record<string, unknown>;
  actor: { user_uuid: string | null; space_uuid: string };
};

type PendingDisplayConfig = { displays: unknown[]; actor: RunCommandInput["actor"]; at: number };

/** What the command side of a DeviceRoom needs from the room. */
export type CommandHost = {
  env: () => Env;
  sql: () => SqlStorage;
  /** The device's uuid (the room's name). */
  device: () => string;
  /** Presence says the device is online. */
  online: () => boolean;
  agent: () => Connection | undefined;
  send: (connection: Connection, message: ServerMessage) => void;
  toDashboards: (message: ServerMessage) => void;
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * The DeviceRoom's command broker wiring (devices.md §7, §9): commands go to the agent's socket,
 * their progress to the device's dashboards (without a screenshot's image), each id's outcome
 * into the room's `commands` table so a repeated id is never run twice, and a display
 * configuration saved while the agent was away waits in `kv` until its next hello.
 */
export class DeviceCommands {
  private readonly broker: CommandBroker;

  constructor(private readonly host: CommandHost) {
    this.broker = new CommandBroker({
      send: (command) => {
        const agent = host.agent();
        if (!agent) return false;
        host.send(agent, command);
        return true;
      },
      onUpdate: (command, status, outcome) => {
        host.toDashboards({
          type: "commandUpdate",
          id: command.id,
          action: command.action,
          status,
          ...(outcome && "result" in outcome ? { result: withoutImage(outcome.result) } : {}),
          ...(outcome && "error" in outcome ? { error: outcome.error } : {}),
        });
        if (status === "received" && command.action === "set-vision") {
          host.waitUntil(recordVisionReceived(host.env(), host.device()));
        }
      },
    });
  }

  /**
   * Forwards a command to the agent and resolves with its answer, a timeout (30 s) or
   * "unavailable" when no agent is online. A repeated id is never executed twice: it joins the
   * pending request or gets the stored outcome.
   */
  async run(input: RunCommandInput): Promise<Outcome> {
    const sql = this.host.sql();
    const known = sql.exec<{ outcome: string | null }>("SELECT outcome FROM commands WHERE id = ?", input.id).toArray();
    const stored = known[0];
    if (stored?.outcome) return JSON.parse(stored.outcome) as Outcome;
    const command = { type: "command" as const, id: input.id, action: input.action, params: input.params ?? {} };
    if (stored) {
      // Pending in this instance: join it (never forwarded again). Pending in an instance that
      // is gone: its answer can no longer arrive, so it timed out.
      if (this.broker.isPending(input.id)) return this.broker.request(command).promise;
      return { status: "timed_out", error: TIMEOUT_MESSAGE, received: false };
    }
    if (!this.host.online() || !this.host.agent()) {
      return { status: "unavailable", error: UNAVAILABLE_MESSAGE, received: false };
    }
    sql.exec("INSERT INTO commands (id, action, at) VALUES (?, ?, ?)", input.id, input.action, Date.now());
    const { promise } = this.broker.request(command);
    const outcome = await promise;
    // A screenshot's image goes to R2 (by the API), not into the room's storage.
    const kept = outcome.status === "succeeded" ? { ...outcome, result: withoutImage(outcome.result) } : outcome;
    sql.exec("UPDATE commands SET outcome = ? WHERE id = ?", JSON.stringify(kept), input.id);
    sql.exec("DELETE FROM commands WHERE at < ?", Date.now() - KEEP_COMMANDS_MS);
    await auditCommand(
      this.host.env(),
      {
        space_uuid: input.actor.space_uuid,
        device_uuid: this.host.device(),
        user_uuid: input.actor.user_uuid,
        ...input,
      },
      outcome,
    ).catch((error: unknown) => console.error("command audit failed", error));
    return outcome;
  }

  /** The agent's "message received". */
  ack(id: string) {
    this.broker.ack(id);
  }

  /** The agent's answer. */
  settle(reply: ResultFrame) {
    this.broker.settle(reply);
  }

  /** The agent went away: every pending command fails as unavailable. */
  failAll() {
    this.broker.failAll();
  }

  /** Keeps (or, with null, drops) the display configuration waiting for the agent's next hello. */
  setPendingDisplayConfig(pending: { displays: unknown[]; actor: RunCommandInput["actor"] } | null) {
    const sql = this.host.sql();
    if (!pending) kvDelete(sql, PENDING_DISPLAY_CONFIG);
    else kvSet(sql, PENDING_DISPLAY_CONFIG, { ...pending, at: Date.now() });
  }

  /** Sends the waiting display configuration; it is dropped once applied (unless a newer one came meanwhile). */
  async deliverPendingDisplayConfig() {
    const pending = kvGet<PendingDisplayConfig>(this.host.sql(), PENDING_DISPLAY_CONFIG);
    if (!pending) return;
    const outcome = await this.run({
      id: `display-config-${pending.at}`,
      action: "apply-display-config",
      params: { displays: pending.displays },
      actor: pending.actor,
    });
    const sql = this.host.sql();
    if (outcome.status === "succeeded" && kvGet<PendingDisplayConfig>(sql, PENDING_DISPLAY_CONFIG)?.at === pending.at)
      kvDelete(sql, PENDING_DISPLAY_CONFIG);
  }
}
