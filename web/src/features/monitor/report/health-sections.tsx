import type { DeviceDetail } from "@contracts/devices/detail";
import type { DeviceHeading, HealthCode } from "@contracts/devices/health";
import { ScreensSection } from "@/features/display-health/screens-section";
import { headingCodes } from "./device-health";
import { PeripheralSection } from "./peripheral-section";
import { CpuSection, DiskSection, GpuSection, MemorySection, NetworkSection, UptimeSection } from "./system-sections";

export type HealthCodes = Record<DeviceHeading, HealthCode | null>;

/**
 * The latest telemetry as health sections (devices.md §9 formats): CPU, Uptime, Memory, Disk,
 * Network, GPU and the monitored peripheral types. Asset Info → Monitoring and the health
 * report both render this; two columns where their container is wide enough.
 */
export function HealthSections({ device }: { device: DeviceDetail }) {
  const data = device.latest_telemetry;
  const codes = headingCodes(device);
  return (
    <div className="@container" data-testid="health-sections">
      <div className="grid gap-3 @2xl:grid-cols-2">
        <CpuSection data={data} codes={codes} />
        <MemorySection data={data} codes={codes} />
        <UptimeSection data={data} codes={codes} />
        <GpuSection data={data} codes={codes} />
        <DiskSection data={data} codes={codes} />
        <NetworkSection data={data} codes={codes} />
        <div className="@2xl:col-span-2">
          <PeripheralSection data={data} />
        </div>
        <div className="@2xl:col-span-2">
          <ScreensSection device={device} />
        </div>
      </div>
    </div>
  );
}
