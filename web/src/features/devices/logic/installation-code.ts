import type { InstallationCode, InstallationCodeCurrent } from "@contracts/installation/schema";
import { installationCodeBlocks } from "@contracts/installation/values";
import { msUntil } from "./format";

/**
 * What the installation-code card shows (devices.md §2, §4; #20 item 6):
 * - code: the code in blocks of 4 with its countdown, for the code's whole 24 h;
 * - expired: the expired style and message (Reset makes a new one);
 * - used: an agent has installed with it;
 * - hidden: a code exists but cannot be shown (made before codes were kept encrypted);
 * - none: no valid code;
 * - restricted: a Viewer sees the countdown, not the code (GET …/installation-code/ is for
 *   Content Managers and Admins, as Reset is);
 * - failed: the read failed (the countdown still shows);
 * - loading: the read has not answered yet (and this tab was given no code).
 */
export type CodeView =
  | { kind: "code"; blocks: string[]; expiresAt: string }
  | { kind: "expired"; expiresAt: string }
  | { kind: "used" }
  | { kind: "hidden"; expiresAt: string }
  | { kind: "none" }
  | { kind: "restricted"; expiresAt: string }
  | { kind: "failed"; expiresAt: string }
  | { kind: "loading" };

/** A reply of Reset or e-mail as the read would answer it. */
export const currentOf = (code: InstallationCode): InstallationCodeCurrent => ({
  installation_code_status: "active",
  installation_code_value: code.installation_code_value,
  installation_code_blocks: installationCodeBlocks(code.installation_code_value),
  installation_code_expires_at: code.installation_code_expires_at,
});

/** The card's read: its answer, or why there is none yet. */
export type CodeRead = InstallationCodeCurrent | "loading" | "failed" | "restricted";

export function codeView({
  read,
  deviceExpiresAt,
  now,
}: {
  read: CodeRead;
  /** The device's current code expiry from the device read (every member gets it). */
  deviceExpiresAt: string | null;
  now: number;
}): CodeView {
  const expiredAt = (at: string) => msUntil(at, now) === 0;
  if (typeof read === "string") {
    if (!deviceExpiresAt) return read === "loading" ? { kind: "loading" } : { kind: "none" };
    if (expiredAt(deviceExpiresAt)) return { kind: "expired", expiresAt: deviceExpiresAt };
    return read === "loading" ? { kind: "loading" } : { kind: read, expiresAt: deviceExpiresAt };
  }
  const at = read.installation_code_expires_at;
  if (read.installation_code_status === "used") return { kind: "used" };
  if (!at || read.installation_code_status === "none") return { kind: "none" };
  if (read.installation_code_status === "expired" || expiredAt(at)) return { kind: "expired", expiresAt: at };
  if (read.installation_code_status === "active" && read.installation_code_blocks.length > 0) {
    return { kind: "code", blocks: read.installation_code_blocks, expiresAt: at };
  }
  return { kind: "hidden", expiresAt: at };
}
