import { ServerMessage } from "../contracts/realtime/events.ts";
import { makeDeviceCredential } from "./factories.ts";
import { join, until } from "./ws.ts";

export type Command = Extract<ServerMessage, { type: "command" }>;
/** What the fake agent does with one command: ack it (yes unless told) and answer it (null: no answer). */
export type AgentReply = { ack?: boolean; answer?: object | null };

/**
 * A device's agent on its room socket, as the command tests need it: every command it is sent
 * is kept in `seen` and handled by `handle` (acked and answered `{ ok: true, result: {} }`
 * unless told). Resolves once the room's welcome has come; `hello` says the agent is up.
 */
export async function fakeAgent(
  device: { uuid: string; space_uuid: string },
  handle: (m: Command) => AgentReply = () => ({}),
) {
  const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
  const seen: Command[] = [];
  const send = (frame: object) => agent.ws?.send(JSON.stringify(frame));
  agent.ws?.addEventListener("message", (e) => {
    if (typeof e.data !== "string") return;
    const m = ServerMessage.parse(JSON.parse(e.data));
    if (m.type !== "command") return;
    seen.push(m);
    const { ack = true, answer = { ok: true, result: {} } } = handle(m);
    if (ack) send({ type: "commandAck", id: m.id });
    if (answer) send({ type: "commandResult", id: m.id, ...answer });
  });
  await until(() => agent.messages.some((m) => m.type === "welcome"));
  const hello = () => send({ type: "hello", agent_version: "test" });
  return { ...agent, seen, hello, send };
}
