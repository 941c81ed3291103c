/**
 * The rooms' RPCs as the services call them. A Durable Object stub's mapped type rewrites every
 * method's return type for serialisation, and unions (an Outcome, a CancelResult) come out as
 * something no caller can narrow. These small interfaces are what the rooms implement (each
 * class declares `implements`, so the compiler checks the two agree), and `commandsOf` /
 * `publisherOf` give a service its stub typed by them: the one place the stub's type is set.
 */
import type { CommandRecord } from "../../contracts/commands/queue.ts";
import type { Outcome } from "../../contracts/commands/schema.ts";
import type { RoomEvent } from "../../contracts/realtime/events.ts";
import type { CancelResult, QueueCommandInput, RunCommandInput } from "./command-types.ts";

/** What every room answers: the API's publish. */
export interface RoomPublisher {
  publish(event: RoomEvent): Promise<number>;
}

/** A DeviceRoom's commands (worker/rooms/device-commands.ts). */
export interface DeviceCommandsRpc {
  runCommand(input: RunCommandInput): Promise<Outcome>;
  queueCommand(input: QueueCommandInput): { record: CommandRecord; created: boolean };
  listCommands(): CommandRecord[];
  getCommand(id: string): CommandRecord | null;
  cancelCommand(id: string): CancelResult;
  purgeCommands(): number;
}

/** An RPC interface as a caller sees it: every answer arrives as a promise. */
export type Remote<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** A DeviceRoom stub, for its commands. */
export const commandsOf = (stub: object) => stub as Remote<DeviceCommandsRpc>;

/** Any room's stub, for publishing into it. */
export const publisherOf = (stub: object) => stub as Remote<RoomPublisher>;
