/**
 * What a command's change means outside the DeviceRoom: the catalogue's record of a setting the
 * agent applied or of vision received, the audit's entry (written in batches, in order), the
 * alert rules on failed commands, and a late screenshot kept in R2 for a retry of its id.
 */
import type { CommandAction } from "../../contracts/realtime/events.ts";
import { commandFailedSignal } from "../services/alerting/signal.ts";
import { screenshotKey } from "../services/commands/remote-actions.ts";
import {
  auditCommandStatuses,
  recordSettingAnswers,
  recordVisionReceived,
  type SettingAnswer,
} from "../services/devices/command-answers.ts";
import { batchWriter } from "./batch-writer.ts";
import type { CommandRow } from "./broker.ts";
import { auditStatusOf, statusOf, toRecord } from "./broker-views.ts";
import type { CommandHost } from "./command-types.ts";

/** Actions whose answer the catalogue records (command-answers.ts recordSettingAnswers). */
const SETTING_ACTIONS: readonly CommandAction[] = ["set-enabled", "set-debug", "set-vision", "set-peripheral-enabled"];

export class CommandEffects {
  /** The audit write of a command's latest change, so a direct call answers once it is written. */
  private readonly audits = new Map<string, Promise<unknown>>();
  /** Audit steps and setting answers go to D1 in batches, in order (one write in flight each). */
  private readonly auditWriter = batchWriter<Parameters<typeof auditCommandStatuses>[1][number]>((entries) =>
    auditCommandStatuses(this.host.env(), entries),
  );
  private readonly settingWriter = batchWriter<SettingAnswer>((answers) =>
    recordSettingAnswers(this.host.env(), this.host.device(), answers),
  );

  constructor(private readonly host: CommandHost) {}

  /** The audit write of the command's latest change, if one is in flight. */
  audited(id: string): Promise<unknown> | undefined {
    return this.audits.get(id);
  }

  /** What follows a stored change from `before` to `next`: dashboards first, then the rest (`full`: the agent's result with its image). */
  after(before: CommandRow, next: CommandRow, full?: Record<string, unknown>) {
    this.publish(next);
    const env = this.host.env();
    if (next.state === "acked" && before.state !== "acked" && next.action === "set-vision") {
      this.host.waitUntil(
        recordVisionReceived(env, this.host.device()).catch((e: unknown) => console.error("vision received", e)),
      );
    }
    if (next.late) this.lateScreenshot(next, full);
    // Alert rules on command failures hear each command that failed or expired.
    if ((next.state === "failed" || next.state === "expired") && before.state !== next.state) {
      this.host.waitUntil(commandFailedSignal(env, this.host.device()));
    }
    const answered = next.state === "succeeded" || next.state === "failed";
    if ((next.late || next.queued) && answered && SETTING_ACTIONS.includes(next.action)) {
      this.host.waitUntil(this.settingWriter.push(next));
    }
    const audit = auditStatusOf(before.state, next);
    if (audit) this.audit(next, audit);
  }

  /** A late screenshot (after the API said outcome_unknown) goes to R2, where a retry of its id finds it. */
  private lateScreenshot(row: CommandRow, full?: Record<string, unknown>) {
    const env = this.host.env();
    const image = full?.image_base64;
    if (row.state === "succeeded" && row.action === "screenshot" && typeof image === "string" && row.space_uuid) {
      const bytes = Uint8Array.from(atob(image), (c) => c.charCodeAt(0));
      const key = screenshotKey(row.space_uuid, this.host.device(), row.id);
      this.host.waitUntil(
        env.FILES.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } }).catch((e: unknown) =>
          console.error("late screenshot", e),
        ),
      );
    }
  }

  /** Audits a step of the command (`status`: the audit's word for it). */
  audit(row: CommandRow, status: string) {
    if (!row.space_uuid) return;
    const work = this.auditWriter.push({
      entry: {
        space_uuid: row.space_uuid,
        device_uuid: this.host.device(),
        user_uuid: row.user_uuid,
        id: row.id,
        action: row.action,
      },
      status,
      ...(row.state === "succeeded" || !row.error ? {} : { error: row.error }),
    });
    this.audits.set(row.id, work);
    this.host.waitUntil(work);
    void work.then(() => {
      if (this.audits.get(row.id) === work) this.audits.delete(row.id);
    });
  }

  /** Pushes the command's change to the device's dashboards (commandUpdate with the record). */
  publish(row: CommandRow) {
    const record = toRecord(row);
    this.host.toDashboards({
      type: "commandUpdate",
      id: row.id,
      action: row.action,
      status: statusOf(row.state),
      ...(row.result ? { result: row.result } : {}),
      ...(row.error ? { error: row.error } : {}),
      record,
    });
  }
}
