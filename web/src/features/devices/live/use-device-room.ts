import type { DeviceDetail } from "@contracts/devices/detail";
import { metricValues } from "@contracts/devices/telemetry-metrics";
import type { ServerMessage } from "@contracts/realtime/events";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { tailTelemetry, telemetryQueries } from "@/features/monitor/report/charts/telemetry-queries";
import { openRoomSocket } from "@/lib/realtime/room-socket";
import { commandQueries, storeCommand } from "../commands/queries";
import { deviceQueries } from "../queries";
import { forgetCommands, recordCommand } from "./command-store";
import { attachTunnels, deliverTunnelFrame, deliverTunnelMessage } from "./device-tunnels";
import { applyPresence, applyTelemetry, previousSample, roomEffect } from "./room-state";

/**
 * After the device room's socket reconnects: frames may have been missed meanwhile, so what they
 * keep current is read again — the Commands tab's list, the detail (presence, latest report) and
 * the health report's series (a missed telemetry sample would leave a gap in the live tail).
 */
export function refetchAfterGap(queryClient: QueryClient, space: string, uuid: string) {
  for (const queryKey of [
    commandQueries.listKey(space, uuid),
    deviceQueries.detailKey(space, uuid),
    telemetryQueries.device(space, uuid),
  ])
    void queryClient.invalidateQueries({ queryKey });
}

/**
 * While a device's flyout is open: joins /parties/device/{uuid} (a single-use ticket on every
 * (re)connect), applies presence to the cached detail, records commandUpdate progress and
 * refetches the detail on deviceDetailsUpdate; a telemetrySample becomes the detail's latest
 * report and the live tail of the health report's 1 h / 24 h charts. A commandUpdate's record
 * updates the Commands tab's cached list in place (a reconnect reads it, the detail and the
 * series again: refetchAfterGap). Closing the flyout (unmount) leaves the room.
 */
export function useDeviceRoom(space: string, uuid: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = deviceQueries.detailKey(space, uuid);
    const onMessage = (message: ServerMessage) => {
      deliverTunnelMessage(uuid, message);
      const effect = roomEffect(message, uuid);
      if (effect.kind === "presence") {
        queryClient.setQueryData<DeviceDetail>(key, (detail) => applyPresence(detail, effect.presence));
      } else if (effect.kind === "command") {
        recordCommand(uuid, effect.command);
        if (effect.command.record) storeCommand(queryClient, space, uuid, effect.command.record);
      } else if (effect.kind === "telemetry") {
        // The previous report (for network rates) before the new one replaces it.
        const previous = previousSample(queryClient.getQueryData<DeviceDetail>(key));
        queryClient.setQueryData<DeviceDetail>(key, (detail) => applyTelemetry(detail, effect.at, effect.telemetry));
        tailTelemetry(queryClient, space, uuid, effect.at, metricValues(effect.telemetry, effect.at, previous));
      } else if (effect.kind === "invalidate") {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    };
    const { socket, close } = openRoomSocket(space, `device/${uuid}`, {
      onMessage,
      onRevoked: () => void queryClient.invalidateQueries(),
      onBinary: (data) => deliverTunnelFrame(uuid, data),
    });
    // Remote sessions (terminal, remote desktop) ride on this socket (device-tunnels.ts).
    const detachTunnels = attachTunnels(uuid, socket);
    let opened = 0;
    socket.addEventListener("open", () => {
      opened++;
      if (opened > 1) refetchAfterGap(queryClient, space, uuid);
    });
    return () => {
      detachTunnels();
      close();
      forgetCommands(uuid);
    };
  }, [queryClient, space, uuid]);
}
