import { OutpostRoom } from "./room.ts";

/**
 * One per device (`/parties/device/{device_uuid}`): the agent's socket (tag "agent", joined
 * with the device credential) and the dashboards watching the device (tag "dashboard").
 * The command broker and presence land here with the agent issue.
 */
export class DeviceRoom extends OutpostRoom {
  readonly roomKind = "device" as const;

  /** Number of agent sockets connected (0 or 1 in practice). */
  agentCount(): number {
    return [...this.getConnections("agent")].length;
  }
}
