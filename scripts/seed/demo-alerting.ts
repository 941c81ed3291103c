import { DEMO_SPACE_UUID, DEMO_TABLE, demoUuid } from "../../agent/sim/demo-data.ts";
import type { AlertCondition } from "../../contracts/alerting/schema.ts";
import type * as schema from "../../drizzle/schema/index.ts";

/*
 * The demo space's default alert rules: working-time aware (offline alerts wait for a store's
 * opening hours; outside them an incident is recorded as suppressed), all on one e-mail channel
 * to the space's members (their preferences decide; the dev outbox at /dev/mail shows the mail).
 */

export const DEMO_ALERT_CHANNEL_UUID = demoUuid(DEMO_TABLE.alert_channel, 1);

const RULES: { name: string; condition: AlertCondition; duration_s: number }[] = [
  {
    name: "Device offline during working hours",
    condition: { kind: "device_offline", outside_working_hours: false },
    duration_s: 300,
  },
  {
    name: "Store fully offline",
    condition: { kind: "location_offline", level: "full", outside_working_hours: false },
    duration_s: 300,
  },
  { name: "Critical device health", condition: { kind: "health", level: "critical", headings: [] }, duration_s: 600 },
  {
    name: "Display application crashed",
    condition: { kind: "application_crashed", crash_loop_only: false },
    duration_s: 120,
  },
  { name: "Repeated command failures", condition: { kind: "command_failures", min_failures: 3 }, duration_s: 900 },
];

export function alertingRows(at: string) {
  const channels: (typeof schema.alertChannelTable.$inferInsert)[] = [
    {
      uuid: DEMO_ALERT_CHANNEL_UUID,
      space_uuid: DEMO_SPACE_UUID,
      name: "Operations e-mail",
      kind: "email",
      target: "members",
      created_at: at,
      updated_at: at,
    },
  ];
  const rules: (typeof schema.alertRuleTable.$inferInsert)[] = RULES.map((rule, i) => ({
    uuid: demoUuid(DEMO_TABLE.alert_rule, i + 1),
    space_uuid: DEMO_SPACE_UUID,
    name: rule.name,
    condition: rule.condition,
    scope: { kind: "all", uuids: [] },
    duration_s: rule.duration_s,
    channels: [DEMO_ALERT_CHANNEL_UUID],
    enabled: true,
    created_at: at,
    updated_at: at,
  }));
  return { channels, rules };
}
