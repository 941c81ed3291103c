import type { Incident, WebhookBody } from "../../../contracts/alerting/schema.ts";
import { escapeHtml } from "../../lib/html.ts";
import type { Mail } from "../kernel/mail.ts";

/*
 * What a notification says: one incident, a digest of several, or a test. The same content goes
 * out as an e-mail (text + HTML) and as the webhook's JSON, whose `text` makes it a valid Slack
 * or Teams incoming-webhook message as it is.
 */

export type Message = {
  kind: "incident" | "digest" | "test";
  idempotency_key: string;
  space: { uuid: string; name: string };
  incidents: Incident[];
  origin: string;
};

/** The incident in the console (its flyout on the Incidents page; the space is in the path). */
export const incidentUrl = (origin: string, space: string, uuid: string) =>
  `${origin}/incidents/incident/view/${encodeURIComponent(space)}/${encodeURIComponent(uuid)}`;

const devicesLine = (i: Incident) => {
  const names = i.devices.map((d) => d.name);
  return names.length > 10 ? `${names.slice(0, 10).join(", ")} and ${names.length - 10} more` : names.join(", ");
};

export function subjectOf(m: Message): string {
  if (m.kind === "test") return `[Outpost] Test notification from ${m.space.name}`;
  if (m.kind === "digest") return `[Outpost] ${m.incidents.length} incident(s) in ${m.space.name}`;
  const i = m.incidents[0];
  return i
    ? `[Outpost] ${i.rule.name}: ${i.devices.length} device(s) at ${i.location.name}`
    : `[Outpost] Incident in ${m.space.name}`;
}

function lines(m: Message): string[] {
  if (m.kind === "test") return [`This is a test notification from Outpost (${m.space.name}).`];
  const out = [
    m.kind === "digest"
      ? `${m.incidents.length} incident(s) opened in ${m.space.name} within a few minutes:`
      : `An incident opened in ${m.space.name}:`,
  ];
  for (const i of m.incidents) {
    out.push(
      "",
      `${i.rule.name} — ${i.location.name} (${i.state})`,
      `Devices (${i.devices.length}): ${devicesLine(i) || "none now"}`,
      `Opened: ${i.opened_at}`,
      `Console: ${incidentUrl(m.origin, m.space.uuid, i.uuid)}`,
    );
  }
  return out;
}

export function mailOf(m: Message, to: string): Mail {
  const text = lines(m).join("\n");
  const html = `<div style="font-family:system-ui,sans-serif">${lines(m)
    .map((l) =>
      l.startsWith("Console: ")
        ? `<p><a href="${escapeHtml(l.slice(9))}">Open in the console</a></p>`
        : `<p>${escapeHtml(l)}</p>`,
    )
    .join("")}</div>`;
  return { to, subject: subjectOf(m), text, html };
}

export function webhookBodyOf(m: Message, sentAt: number): WebhookBody {
  const slack = m.incidents.map(
    (i) =>
      `• *${i.rule.name}* — ${i.location.name}: ${i.devices.length} device(s) <${incidentUrl(m.origin, m.space.uuid, i.uuid)}|open>`,
  );
  return {
    text: [subjectOf(m), ...slack].join("\n"),
    event: m.kind === "test" ? "incident.test" : m.kind === "digest" ? "incident.digest" : "incident.opened",
    idempotency_key: m.idempotency_key,
    space: m.space,
    incidents: m.incidents.map((i) => ({
      uuid: i.uuid,
      url: incidentUrl(m.origin, m.space.uuid, i.uuid),
      rule: i.rule.name,
      state: i.state,
      location: i.location,
      devices: i.devices.map((d) => ({ uuid: d.uuid, name: d.name })),
      opened_at: i.opened_at,
    })),
    sent_at: new Date(sentAt).toISOString(),
  };
}
