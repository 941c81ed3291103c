/** Small WebCrypto helpers shared by auth, device credentials and one-time codes. */
const encoder = new TextEncoder();

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** An unguessable opaque token (256 bits). */
export const randomToken = (bytes = 32) => base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
