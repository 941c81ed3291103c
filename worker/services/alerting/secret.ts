import type { Env } from "../../env.ts";
import { openText, sealText } from "../../lib/crypto-box.ts";
import { mailOutboxKey } from "../kernel/box-keys.ts";

/*
 * A webhook secret at rest is sealed (AES-GCM with the kernel key, bound to its channel), like the
 * mail outbox's bodies; without a usable key it is kept as given.
 */
const SEALED = "sealed:";
const aad = (channelUuid: string) => `alert_channel:${channelUuid}:secret`;

export async function sealSecret(env: Env, channelUuid: string, secret: string): Promise<string> {
  const key = await mailOutboxKey(env);
  return key ? `${SEALED}${await sealText(key, secret, aad(channelUuid))}` : secret;
}

export async function openSecret(env: Env, channelUuid: string, stored: string | null): Promise<string | null> {
  if (!stored) return null;
  if (!stored.startsWith(SEALED)) return stored;
  const key = await mailOutboxKey(env);
  return key ? openText(key, stored.slice(SEALED.length), aad(channelUuid)) : null;
}
