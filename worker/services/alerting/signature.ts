import { WEBHOOK_TOLERANCE_S } from "../../../contracts/alerting/schema.ts";

/*
 * Webhook signatures (docs/alerting.md): `X-Outpost-Timestamp: <unix seconds>` and
 * `X-Outpost-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. A receiver
 * recomputes it over the raw body, compares in constant time, refuses a timestamp more than
 * WEBHOOK_TOLERANCE_S away from its clock (a captured request cannot be replayed later), and
 * drops a repeated `Idempotency-Key` (a retry of one it already has).
 */

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);

/** The signature header's value for `body` sent at `timestamp` (unix seconds). */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${timestamp}.${body}`));
  return `v1=${hex(mac)}`;
}

/** Constant-time equality of two strings (lengths may leak, contents do not). */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A receiver's check: the signature matches and the timestamp is within the tolerance of `nowS`. */
export async function verifyWebhook(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  nowS = Math.floor(Date.now() / 1000),
  toleranceS = WEBHOOK_TOLERANCE_S,
): Promise<boolean> {
  const ts = Number(headers.timestamp);
  if (!headers.signature || !Number.isSafeInteger(ts) || Math.abs(nowS - ts) > toleranceS) return false;
  return same(await signWebhook(secret, ts, body), headers.signature);
}

/** A new webhook secret: 32 random bytes, hex. */
export const newSecret = () => hex(crypto.getRandomValues(new Uint8Array(32)).buffer as ArrayBuffer);
