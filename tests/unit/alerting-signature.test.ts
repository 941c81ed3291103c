import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook } from "../../worker/services/alerting/signature.ts";

/* The webhook signature scheme of docs/alerting.md: HMAC-SHA256 over "<timestamp>.<body>", replay-safe. */

const secret = "whsec-0123456789abcdef";
const body = JSON.stringify({ text: "Kiosk 1 offline", idempotency_key: "k1" });
const ts = 1_800_000_000;

describe("webhook signatures", () => {
  it("is v1=<hex HMAC-SHA256(secret, timestamp.body)> and verifies", async () => {
    const signature = await signWebhook(secret, ts, body);
    expect(signature).toMatch(/^v1=[0-9a-f]{64}$/);
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${ts}.${body}`)));
    expect(signature).toBe(`v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`);
    expect(await verifyWebhook(secret, { timestamp: String(ts), signature }, body, ts + 10)).toBe(true);
  });

  it("refuses a changed body, another secret, a moved timestamp and a replay outside 5 minutes", async () => {
    const signature = await signWebhook(secret, ts, body);
    expect(await verifyWebhook(secret, { timestamp: String(ts), signature }, `${body} `, ts)).toBe(false);
    expect(await verifyWebhook("another-secret-value", { timestamp: String(ts), signature }, body, ts)).toBe(false);
    expect(await verifyWebhook(secret, { timestamp: String(ts + 1), signature }, body, ts)).toBe(false);
    expect(await verifyWebhook(secret, { timestamp: String(ts), signature }, body, ts + 301)).toBe(false);
    expect(await verifyWebhook(secret, { timestamp: null, signature }, body, ts)).toBe(false);
  });
});
