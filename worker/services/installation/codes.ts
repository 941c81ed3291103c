import { and, desc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import {
  INSTALLATION_CODE_ALPHABET,
  INSTALLATION_CODE_LENGTH,
  INSTALLATION_CODE_TTL_HOURS,
  type InstallationCode,
  type InstallationCodeCurrent,
  type InstallationCodeEmailInput,
  installationCodeBlocks,
  normaliseInstallationCode,
} from "../../../contracts/installation/schema.ts";
import { installationCodeTable } from "../../../drizzle/schema/index.ts";
import { getConfig } from "../../config.ts";
import type { SpaceCtx } from "../../env.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { ApiError } from "../../lib/errors.ts";
import { type DeviceRow, requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import { revokeCodes } from "../devices/lifecycle.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { installationCodeKey } from "../kernel/box-keys.ts";
import { deliverMail, outboxInsert } from "../kernel/mail.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";
import { openCode, sealCode } from "./code-box.ts";
import { installationCodeMail } from "./mail.ts";

/**
 * 16 characters from a 31-symbol alphabet (≈79 bits) drawn with crypto.getRandomValues; bytes
 * of 248 and above are dropped so every symbol is equally likely (rejection sampling).
 */
export function generateInstallationCode(): string {
  const n = INSTALLATION_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = "";
  while (code.length < INSTALLATION_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && code.length < INSTALLATION_CODE_LENGTH) code += INSTALLATION_CODE_ALPHABET[byte % n];
    }
  }
  return code;
}

/** The lookup form of a code: SHA-256 hex of its normalised text (the text is stored only encrypted). */
export const hashInstallationCode = (code: string) => sha256Hex(normaliseInstallationCode(code));

const refused = (message: string) => new ApiError("bad_request", message);
export const ARCHIVED_NOTE = "Device must be unarchived before an installation code is available.";

/** Reset and e-mail: for a device without a live agent (not archived, not connected). */
export function checkInstallable(device: DeviceRow) {
  if (device.connected_status === "archived") throw refused(ARCHIVED_NOTE);
  if (device.connected_status === "connected") {
    throw refused("Device is installed. Generate a replacement code instead.");
  }
}

/**
 * A fresh code for the device: earlier unused codes are revoked in the same batch. The code is
 * stored as its hash (for the claim) and AES-GCM encrypted (for the card's read); production
 * without INSTALLATION_CODE_KEY refuses (code-box.ts) before anything is written.
 */
async function newCode(ctx: SpaceCtx, device: DeviceRow) {
  const key = await installationCodeKey(ctx.env);
  const value = generateInstallationCode();
  const expires_at = new Date(Date.now() + INSTALLATION_CODE_TTL_HOURS * 3600_000).toISOString();
  const row = { uuid: crypto.randomUUID(), space_uuid: ctx.space.space_uuid, device_uuid: device.uuid };
  const insert = ctx.db.insert(installationCodeTable).values({
    ...row,
    code_hash: await hashInstallationCode(value),
    code_sealed: await sealCode(key, value, row),
    expires_at,
  });
  return { value, expires_at, writes: [revokeCodes(ctx, device.uuid), dropExpiredSealed(ctx), insert] as const };
}

/**
 * An expired code can never be shown again: its sealed text is dropped (the hash stays for the
 * claim's "expired" answer). Swept with every new code of the space and when a card reads one.
 */
const dropExpiredSealed = (ctx: SpaceCtx, uuid?: string) => {
  const c = installationCodeTable;
  const expired = and(isNotNull(c.code_sealed), lte(c.expires_at, new Date().toISOString()));
  return ctx.db
    .update(c)
    .set({ code_sealed: null })
    .where(inSpace(ctx, c, uuid ? and(eq(c.uuid, uuid), expired) : expired));
};

async function issue(
  { ctx, input, defer }: WriteArgs<{ uuid: string }>,
  kind: "reset" | "replacement",
): Promise<InstallationCode> {
  const device = await requireDevice(ctx, input.uuid);
  if (kind === "reset") checkInstallable(device);
  else if (device.connected_status === "archived") throw refused(ARCHIVED_NOTE);
  else if (device.connected_status !== "connected") {
    throw refused("A replacement code is available only for a connected device.");
  }
  const code = await newCode(ctx, device);
  await ctx.db.batch([
    ...code.writes,
    auditChange(ctx, {
      action: `device.installation_code.${kind}`,
      entityType: "device",
      entityUuid: device.uuid,
      after: { installation_code_expires_at: code.expires_at },
    }),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", device);
  return { installation_code_value: code.value, installation_code_expires_at: code.expires_at };
}

/** POST …/installation-code/reset/: a new code for a device that is not installed (or lost its agent). */
export const resetInstallationCode = (args: WriteArgs<{ uuid: string }>) => issue(args, "reset");

/**
 * POST …/installation-code/replacement/: a code for the machine replacing a connected device. The
 * device keeps its record; the enrolment with this code revokes the old agent's credentials.
 */
export const replacementInstallationCode = (args: WriteArgs<{ uuid: string }>) => issue(args, "replacement");

/**
 * POST …/installation-code/email/: the mail carries a fresh code (earlier ones are revoked) and
 * the reply returns it, so the card shows what was sent. The
 * mail is queued in mail_outbox in the same batch as the code and the audit entry.
 */
export async function emailInstallationCode({
  ctx,
  input,
  defer,
}: WriteArgs<InstallationCodeEmailInput & { uuid: string }>): Promise<InstallationCode> {
  const device = await requireDevice(ctx, input.uuid);
  checkInstallable(device);
  const code = await newCode(ctx, device);
  const mail = installationCodeMail({
    to: input.email_address,
    deviceName: device.name,
    spaceName: ctx.space.space_name,
    sender: ctx.user.display_name || ctx.user.email,
    message: input.email_message ?? "",
    code: code.value,
    expiresAt: code.expires_at,
  });
  const outbox = await outboxInsert(ctx.db, ctx.env, mail);
  await ctx.db.batch([
    ...code.writes,
    outbox.query,
    auditChange(ctx, {
      action: "device.installation_code.email",
      entityType: "device",
      entityUuid: device.uuid,
      after: { installation_code_expires_at: code.expires_at, email_address: input.email_address },
    }),
  ]);
  await deliverMail({ db: ctx.db, env: ctx.env, config: getConfig(ctx.env) }, [{ uuid: outbox.uuid, ...mail }]);
  announceDevice(ctx, defer, "deviceUpdated", device);
  return { installation_code_value: code.value, installation_code_expires_at: code.expires_at };
}

/**
 * GET …/installation-code/: the device's current code for its card (Content Manager or Admin, the
 * roles that may Reset): the newest code not revoked. Its value (and its blocks of 4) only while it
 * is unused and unexpired; otherwise the status says why there is none. A code made before codes
 * were stored encrypted, or sealed with another key, is "hidden": Reset makes one that shows.
 */
export async function readInstallationCode({
  ctx,
  input,
}: ServiceArgs<{ uuid: string }, SpaceCtx>): Promise<InstallationCodeCurrent> {
  const device = await requireDevice(ctx, input.uuid);
  const none: InstallationCodeCurrent = {
    installation_code_status: "none",
    installation_code_value: null,
    installation_code_blocks: [],
    installation_code_expires_at: null,
  };
  if (device.connected_status === "archived") return none;
  const c = installationCodeTable;
  const row = await ctx.db
    .select()
    .from(c)
    .where(inSpace(ctx, c, and(eq(c.device_uuid, device.uuid), isNull(c.revoked_at))))
    .orderBy(desc(c.expires_at))
    .limit(1)
    .get();
  if (!row) return none;
  const gone = { ...none, installation_code_expires_at: row.expires_at };
  if (row.used_at) return { ...gone, installation_code_status: "used" };
  if (Date.parse(row.expires_at) <= Date.now()) {
    if (row.code_sealed) await dropExpiredSealed(ctx, row.uuid);
    return { ...gone, installation_code_status: "expired" };
  }
  const value = row.code_sealed ? await openCode(await installationCodeKey(ctx.env), row.code_sealed, row) : null;
  if (!value) return { ...gone, installation_code_status: "hidden" };
  return {
    installation_code_status: "active",
    installation_code_value: value,
    installation_code_blocks: installationCodeBlocks(value),
    installation_code_expires_at: row.expires_at,
  };
}
