import { z } from "zod";
import { MAX_PAGE_SIZE, PageInfo } from "../http/paging.ts";
import { maxLengthMessage, SEARCH_MAX, searchText } from "../http/text.ts";
import { Role } from "../spaces/schema.ts";
import { ACCOUNT_STATUSES, DEFAULT_ACCOUNT_PAGE_SIZE, EXPORT_FORMATS, EXPORT_SCOPES } from "./values.ts";

export {
  ACCOUNT_PAGE_SIZES,
  ACCOUNT_STATUSES,
  DEFAULT_ACCOUNT_PAGE_SIZE,
  EXPORT_FORMATS,
  EXPORT_SCOPES,
} from "./values.ts";

/** Texts of the spec's error catalogue (console.md §8) that the web matches on. */
export const ACCOUNT_MESSAGES = {
  invalidEmail: "Enter a valid email address.",
  invalidToken: "action expired or invalid token",
  notFullySetUp: "Account is not fully set up",
  accountNotFound: "space-account not found",
  resetAlreadySent: "Not allowed. Reset password request has been already sent. Please check your e-mail inbox.",
  nonActive: "Not allowed for non-active accounts",
  /** The one reply of a password-link request, whether or not the address has an account. */
  passwordLinkRequested:
    "If an active account uses this e-mail address, we sent it a link. It works once and expires in 24 hours.",
  alreadyMember: "User is already a member of this space.",
} as const;

/** console.md §4: invited (no accepted invitation yet), active, disabled (by an Admin). */
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** console.md §3.7: one row of the accounts table (a membership of the space). */
export const AccountRow = z.object({
  account_uuid: z.string(),
  email: z.string(),
  display_name: z.string(),
  invited_on: z.string(),
  status: AccountStatus,
  online: z.boolean(),
  last_seen: z.string().nullable(),
  roles: z.array(Role),
});
export type AccountRow = z.infer<typeof AccountRow>;

const INTEGER = "A valid integer is required.";
const positiveInt = z.coerce
  .number({ error: INTEGER })
  .int(INTEGER)
  .min(1, "Ensure this value is greater than or equal to 1.");

/** Query strings carry booleans as text ("true"/"false", as Django filters read them). */
const queryBool = z
  .enum(["true", "false", "True", "False", "1", "0"], { error: "Must be a valid boolean." })
  .transform((v) => v === "true" || v === "True" || v === "1");

/** The 400 field error of a non-empty accounts `tags` filter. */

/**
 * console.md §3.10 accounts filter set. `search` matches e-mail or display name. `tags` is part
 * of the spec's filter set but accounts carry no tags, so nothing could match it: a non-empty
 * value is refused with a 400 field error rather than accepted and ignored (an empty one is no filter).
 */
export const AccountListQuery = z.object({
  search: searchText,
  status: AccountStatus.optional(),
  online: queryBool.optional(),
  role_uuid: z.string().trim().optional(),
  tags: z.string().trim().max(SEARCH_MAX, maxLengthMessage(SEARCH_MAX)).optional().meta({
    description:
      "Accounts carrying any of these tags (comma-separated). Accounts carry no tags today, so a non-empty value matches none; empty means no filter.",
  }),
  page: positiveInt.default(1),
  page_size: positiveInt
    .max(MAX_PAGE_SIZE, `Ensure this value is less than or equal to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_ACCOUNT_PAGE_SIZE),
});
export type AccountListQuery = z.infer<typeof AccountListQuery>;
/** What the web sends (before coercion and defaults). */
export type AccountFilters = z.input<typeof AccountListQuery>;

/**
 * The summary cards, over the whole space (not the page, not the filters): every account,
 * active Admins, active accounts online now, disabled accounts.
 */
export const AccountSummary = z.object({
  total: z.number().int(),
  admins: z.number().int(),
  online: z.number().int(),
  disabled: z.number().int(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** Reply of GET /space/{space}/account/items/ (newest invitation first). */
export const AccountList = z.object({
  accounts: z.array(AccountRow),
  ...PageInfo.shape,
  summary: AccountSummary,
});
export type AccountList = z.infer<typeof AccountList>;

/** GET /space/{space}/account/items/export/: the list's filters + format and scope. */
export const AccountExportQuery = AccountListQuery.extend({
  export_format: z.enum(EXPORT_FORMATS).default("csv"),
  scope: z.enum(EXPORT_SCOPES).default("all"),
});
export type AccountExportQuery = z.infer<typeof AccountExportQuery>;

const email = z.string().trim().toLowerCase().pipe(z.email(ACCOUNT_MESSAGES.invalidEmail));

/** console.md §3.7 invite entry. */
export const InviteEntry = z.object({ email, role_uuid: z.string().trim().min(1, "Required") });
export type InviteEntry = z.infer<typeof InviteEntry>;

/** POST /space/{space}/account/add/ (Admin only). */
export const InviteInput = z.object({
  user_accounts: z.array(InviteEntry).min(1, "No users to invite").max(100, "Invite at most 100 users at a time."),
});
export type InviteInput = z.infer<typeof InviteInput>;

/** Reply of POST /space/{space}/account/add/ (201): the invited rows. */
export const InviteReply = z.object({ accounts: z.array(AccountRow) });
export type InviteReply = z.infer<typeof InviteReply>;

/** PATCH /space/{space}/account/{account_uuid}/ (Admin only): role and enable/disable. */
export const AccountPatch = z
  .strictObject({
    role_uuid: z.string().trim().min(1, "Required").optional(),
    status: z.enum(["active", "disabled"]).optional(),
  })
  .refine((v) => v.role_uuid !== undefined || v.status !== undefined, {
    message: "Send role_uuid or status.",
  });
export type AccountPatch = z.infer<typeof AccountPatch>;

/** POST /space/{space}/account/login/ and /logout/: the caller's own membership. */
export const PresenceInput = z.object({ account_uuid: z.string().trim().min(1, "Required") });
export type PresenceInput = z.infer<typeof PresenceInput>;

export const PresenceReply = z.object({
  account_uuid: z.string(),
  online: z.boolean(),
  last_seen: z.string().nullable(),
});
export type PresenceReply = z.infer<typeof PresenceReply>;
