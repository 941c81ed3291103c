/**
 * Small secrets kept at rest (installation codes, #20 item 6): AES-256-GCM with WebCrypto, a
 * random 96-bit IV per box, and a key derived by HKDF-SHA-256 from a secret binding. The
 * additional data (`aad`) binds a box to its row, so a box copied to another row does not open.
 *
 * A box is the text `v1.<iv>.<ciphertext+tag>` (base64url). Opening a box that was tampered with,
 * made with another key or for another row gives null: callers treat it as "no value".
 */
import { base64Url } from "./crypto.ts";

const VERSION = "v1";
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An AES-GCM key for one purpose (`info`), derived from `secret` with HKDF-SHA-256. */
export async function deriveBoxKey(secret: string, info: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("outpost/crypto-box/v1"), info: encoder.encode(info) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Encrypts `plaintext` for the row named by `aad`. */
export async function sealText(key: CryptoKey, plaintext: string, aad: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(aad) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${base64Url(iv)}.${base64Url(new Uint8Array(sealed))}`;
}

/** The plaintext of a box made by sealText with the same key and `aad`; null for anything else. */
export async function openText(key: CryptoKey, box: string, aad: string): Promise<string | null> {
  const [version, iv, sealed, ...rest] = box.split(".");
  if (version !== VERSION || !iv || !sealed || rest.length > 0) return null;
  const ivBytes = fromBase64Url(iv);
  const sealedBytes = fromBase64Url(sealed);
  if (ivBytes?.length !== IV_BYTES || !sealedBytes) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: ivBytes, additionalData: encoder.encode(aad) },
      key,
      sealedBytes,
    );
    return decoder.decode(plain);
  } catch {
    return null;
  }
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
