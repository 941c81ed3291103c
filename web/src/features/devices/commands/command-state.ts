import "@/lib/i18n/locales/en-commands";
import "@/lib/i18n/locales/en-agent-settings";
import type { CommandState } from "@contracts/commands/queue";
import {
  BanIcon,
  CircleCheckIcon,
  CircleHelpIcon,
  CircleXIcon,
  ClockIcon,
  CpuIcon,
  FlaskConicalIcon,
  type LucideIcon,
  ReplaceIcon,
  SendIcon,
  TimerOffIcon,
  UnplugIcon,
} from "lucide-react";
import type { MessageKey } from "@/lib/i18n";

/** Amber text that stays readable on the light theme's white. */
export const WARNING_TEXT = "text-[color-mix(in_oklab,var(--warning),black_35%)] dark:text-warning";

/** How a command's state is shown: its word, what it means (on hover), its colour and its icon. */
export type CommandStateLook = { label: MessageKey; hint: MessageKey; className: string; icon: LucideIcon };

/**
 * Every state has its own look, never told by colour alone (the badge always carries the word and
 * an icon): blue for waiting (queued tinted, acknowledged solid), cyan for delivered, green and red
 * for the answers, amber for in doubt (it may have run), red outline for never sent, and greys for
 * the states in which the command did not run (expired tinted, cancelled outlined, superseded dashed).
 * Only theme tokens; the light theme darkens the amber and cyan texts (on white they are too pale
 * to read at badge size).
 */
export const COMMAND_STATE_LOOKS: Record<CommandState, CommandStateLook> = {
  queued: {
    label: "device.commands.state.queued",
    hint: "device.commands.stateHint.queued",
    className: "border-info/40 bg-info/10 text-info",
    icon: ClockIcon,
  },
  delivered: {
    label: "device.commands.state.delivered",
    hint: "device.commands.stateHint.delivered",
    className:
      "border-transparent bg-status-partially-online/15 text-[color-mix(in_oklab,var(--status-partially-online),black_30%)] dark:text-status-partially-online",
    icon: SendIcon,
  },
  acked: {
    label: "device.commands.state.acked",
    hint: "device.commands.stateHint.acked",
    className: "border-transparent bg-primary text-primary-foreground",
    icon: CpuIcon,
  },
  succeeded: {
    label: "device.commands.state.succeeded",
    hint: "device.commands.stateHint.succeeded",
    className: "border-transparent bg-success/15 text-success",
    icon: CircleCheckIcon,
  },
  failed: {
    label: "device.commands.state.failed",
    hint: "device.commands.stateHint.failed",
    className: "border-transparent bg-destructive/12 text-destructive",
    icon: CircleXIcon,
  },
  expired: {
    label: "device.commands.state.expired",
    hint: "device.commands.stateHint.expired",
    className: "border-transparent bg-status-offline/15 text-status-offline",
    icon: TimerOffIcon,
  },
  cancelled: {
    label: "device.commands.state.cancelled",
    hint: "device.commands.stateHint.cancelled",
    className: "border-border bg-transparent text-muted-foreground",
    icon: BanIcon,
  },
  superseded: {
    label: "device.commands.state.superseded",
    hint: "device.commands.stateHint.superseded",
    className: "border-dashed border-muted-foreground/50 bg-transparent text-muted-foreground",
    icon: ReplaceIcon,
  },
  in_doubt: {
    label: "device.commands.state.in_doubt",
    hint: "device.commands.stateHint.in_doubt",
    className: `border-warning/50 bg-warning/15 ${WARNING_TEXT}`,
    icon: CircleHelpIcon,
  },
  unavailable: {
    label: "device.commands.state.unavailable",
    hint: "device.commands.stateHint.unavailable",
    className: "border-destructive/50 bg-transparent text-destructive",
    icon: UnplugIcon,
  },
};

/**
 * A command that succeeded as a dry run (the agent was not allowed to act: no --allow-power or
 * --allow-display) did nothing: it reads "Dry run" in amber, never "Succeeded" in green.
 */
export const DRY_RUN_LOOK: CommandStateLook = {
  label: "device.commands.state.dryRun",
  hint: "device.commands.stateHint.dryRun",
  className: `border-warning/50 bg-transparent ${WARNING_TEXT}`,
  icon: FlaskConicalIcon,
};

/** Whether a record is a dry run: answered, with the agent's result saying it did not act. */
export const isDryRun = (record: { state: CommandState; result?: Record<string, unknown> | null }) =>
  record.state === "succeeded" && record.result?.dry_run === true;

/** The look of a state (the reply is parsed with CommandState, so every state has one). */
export const commandStateLook = (state: CommandState): CommandStateLook => COMMAND_STATE_LOOKS[state];

/** A record's look: its state's, but a dry run's own for a success that did not act. */
export const recordLook = (state: CommandState, dryRun: boolean): CommandStateLook =>
  dryRun && state === "succeeded" ? DRY_RUN_LOOK : COMMAND_STATE_LOOKS[state];

/** Only a queued command can still be cancelled (a delivered one cannot be recalled: 409). */
export const isCancellable = (state: CommandState) => state === "queued";
