import { z } from "zod";
import { safeText } from "../http/text.ts";

export { installationCodeBlocks } from "./values.ts";

/** Installation codes (devices.md §2 card, §4, §9): 16 characters, valid 24 h, shown in blocks of 4. */
export const INSTALLATION_CODE_LENGTH = 16;
export const INSTALLATION_CODE_TTL_HOURS = 24;
/** No 0/O, 1/I/L: a code read from a screen or an e-mail is typed without guessing. */
export const INSTALLATION_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** What a person types: case, spaces and dashes do not matter. */
export const normaliseInstallationCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");

/**
 * Reply of POST …/installation-code/reset/, …/replacement/ and …/email/. The code is stored as its
 * SHA-256 (for the claim) and AES-GCM encrypted; GET …/installation-code/ reads it back for the card.
 */
export const InstallationCode = z.object({
  installation_code_value: z.string(),
  installation_code_expires_at: z.string(),
});
export type InstallationCode = z.infer<typeof InstallationCode>;

/**
 * Why the card has a code to show or not: active (value and blocks given), expired (24 h passed),
 * used (an agent claimed it), hidden (made before codes were kept encrypted: Reset to see one),
 * none (no code, or it was revoked).
 */
export const InstallationCodeStatus = z.enum(["active", "expired", "used", "hidden", "none"]);
export type InstallationCodeStatus = z.infer<typeof InstallationCodeStatus>;

/**
 * GET /space/{space}/device/{uuid}/installation-code/ (Content Manager or Admin): the device's
 * current code for its whole validity. installation_code_value and installation_code_blocks (the
 * value in blocks of 4) only while active; installation_code_expires_at whenever a code exists.
 */
export const InstallationCodeCurrent = z.object({
  installation_code_status: InstallationCodeStatus,
  installation_code_value: z.string().nullable(),
  installation_code_blocks: z.array(z.string()),
  installation_code_expires_at: z.string().nullable(),
});
export type InstallationCodeCurrent = z.infer<typeof InstallationCodeCurrent>;

/**
 * POST /space/{space}/device/{uuid}/installation-code/email/. The server issues a fresh code
 * (revoking earlier ones), mails it and returns it, so the card shows the code that was sent.
 */
export const InstallationCodeEmailInput = z.object({
  email_address: z
    .email({ error: (issue) => (issue.input == null ? "Required" : "Enter a valid email address.") })
    .max(254, "Ensure this field has no more than 254 characters."),
  email_message: safeText(
    z.string({ error: "Not a valid string." }).trim().max(1000, "Ensure this field has no more than 1000 characters."),
  ).nullish(),
});
export type InstallationCodeEmailInput = z.infer<typeof InstallationCodeEmailInput>;

/** POST /space/{space}/device/{uuid}/installation/: install from a scanned QR code. */
export const QrInstallInput = z.object({
  unclaimed_device_uuid: z.uuid({
    error: (issue) => (issue.input == null ? "Required" : "Must be a valid UUID."),
  }),
});
export type QrInstallInput = z.infer<typeof QrInstallInput>;

const text = z.string().max(1000).nullish();
/** What the agent knows about its machine (every field optional; stored on the device). */
export const AgentInventory = z.object({
  device_type: z.enum(["linux", "windows", "raspberry_pi", "android_tv", "camera", "unknown"]).optional(),
  operating_system_name: text,
  operating_system_version: text,
  operating_system_architecture: text,
  motherboard_manufacturer: text,
  motherboard_product_name: text,
  cpu_model: text,
  cpu_version: text,
  cpu_manufacturer: text,
  ram_size: z.number().int().min(0).nullish(),
  local_ip_addresses: z.array(z.string().max(64)).max(64).optional(),
  external_ip_address: text,
  mac_addresses: z.array(z.string().max(64)).max(64).optional(),
  graphic_cards: z
    .array(z.object({ model: z.string().max(256) }))
    .max(16)
    .optional(),
  storage_drives: z
    .array(z.object({ name: z.string().max(256), model: z.string().max(256), capacity: z.number().min(0) }))
    .max(64)
    .optional(),
  installation_image_uuid: text,
  installation_image_name: text,
  salt_minion_id: text,
});
export type AgentInventory = z.infer<typeof AgentInventory>;

const machine = { machine_id: z.string().trim().max(256).nullish(), inventory: AgentInventory.optional() };

/**
 * POST /api/agent/enroll (no user sign-in; throttled per client address): with an installation
 * code, or with an unclaimed registration once an operator has claimed it by QR.
 */
export const AgentEnrollInput = z.union([
  z.object({ code: z.string().trim().min(1, "Required").max(64), ...machine }),
  z.object({ unclaimed_device_uuid: z.uuid(), secret: z.string().min(1).max(128), ...machine }),
]);
export type AgentEnrollInput = z.infer<typeof AgentEnrollInput>;

/** The agent's credential for /parties/device/{device_uuid}?token=…; shown once, stored as a hash. */
export const AgentEnrollment = z.object({ device_uuid: z.string(), space_uuid: z.string(), credential: z.string() });
export type AgentEnrollment = z.infer<typeof AgentEnrollment>;

/** 202 reply of an enrolment by registration that no operator has claimed yet: ask again later. */
export const AgentEnrollPending = z.object({ status: z.literal("unclaimed") });
export type AgentEnrollPending = z.infer<typeof AgentEnrollPending>;

/** POST /api/agent/unclaimed: an agent without a code registers and shows the uuid as a QR code. */
export const AgentRegisterInput = z.object(machine);
export type AgentRegisterInput = z.infer<typeof AgentRegisterInput>;
export const AgentRegistration = z.object({
  unclaimed_device_uuid: z.string(),
  /** Proves the registration when enrolling; shown once, stored as a hash. */
  secret: z.string(),
  expires_at: z.string(),
});
export type AgentRegistration = z.infer<typeof AgentRegistration>;
