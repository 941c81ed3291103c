import { z } from "zod";
import { PageInfo, PageQuery } from "../http/paging.ts";
import { maxLengthMessage, safeName, searchText } from "../http/text.ts";
import { ApplicationOption } from "../peripherals/schema.ts";
import { ApplicationLaunch, launchPlaceholders } from "./applications.ts";

/**
 * The Admin Panel (console.md §2.12, §3.8, §5, §6, §7.6): applications and runners, global
 * records edited as JSON. Only super admins and system developers reach them; Delete, and
 * saving a runner, only system developers.
 *
 * A record is edited as one JSON document: its `name` and every other field it has. The known
 * fields are validated (an application's `template` is what the Peripherals tab builds its
 * option forms from); unknown fields are kept as they are.
 */

/** console.md §9: applications and runners 35 a page. */
export const ADMIN_PAGE_SIZE = 35;
/** A document larger than this (as JSON text) is refused: a record is configuration, not content. */
export const MAX_DOCUMENT_BYTES = 100_000;

/** Texts of the Admin Panel's server answers. */
export const ADMIN_TEXTS = {
  forbidden: "You do not have permission to perform this action.",
  applicationNotFound: "Application not found.",
  runnerNotFound: "Runner not found.",
  applicationNameTaken: "An application with this name already exists.",
  runnerNameTaken: "A runner with this name already exists.",
  /** 409: {name} and the displays (with their devices) that show the application. */
  applicationInUse: "{name} cannot be deleted: it is shown on {count} display(s): {displays}.",
  tooLarge: `The document is larger than ${MAX_DOCUMENT_BYTES / 1000} KB.`,
  duplicateOptionId: "Another option of this template has the same deterministic_id.",
  needsPossibilities: "A select or radio option needs at least one possibility.",
  possibilityLabel: "A possibility needs a name or a text.",
  toggleDefault: "The default value of a toggle is true or false.",
  /** `{name}`: the placeholder's option id. */
  unknownPlaceholder: "{{{name}}} names no configurable option of the template (its deterministic_id).",
  launchUrl: "The URL must start with http://, https://, file:// or an {{option}}.",
} as const;

const documentName = safeName(
  z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "Required")
    .max(256, maxLengthMessage(256)),
);

const text = (max: number) => z.string({ error: "Not a valid string." }).max(max, maxLengthMessage(max));

/** A choice of a select or radio option: a label (`name` for selects, `text` for radios) and a value (required). */
const Possibility = z
  .looseObject({ name: text(256).optional(), text: text(256).optional(), value: z.unknown() })
  .superRefine((p, ctx) => {
    if (p.name === undefined && p.text === undefined) {
      ctx.addIssue({ code: "custom", message: ADMIN_TEXTS.possibilityLabel, path: ["name"] });
    }
  });

/** One configurable option of a template, as the Peripherals tab renders it (text_input, toggle, select, radio). */
const TemplateOption = z
  .looseObject({
    type: ApplicationOption.shape.type,
    deterministic_id: safeName(text(128).trim().min(1, "Required")),
    name: safeName(text(256).trim().min(1, "Required")),
    placeholder_text: text(256).optional(),
    default_value: z.unknown().optional(),
    possibilities: z.array(Possibility).optional(),
  })
  .superRefine((option, ctx) => {
    const choices = option.type === "select" || option.type === "radio";
    if (choices && !option.possibilities?.length) {
      ctx.addIssue({ code: "custom", message: ADMIN_TEXTS.needsPossibilities, path: ["possibilities"] });
    }
    if (option.type === "toggle" && option.default_value !== undefined && typeof option.default_value !== "boolean") {
      ctx.addIssue({ code: "custom", message: ADMIN_TEXTS.toggleDefault, path: ["default_value"] });
    }
  });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Options sharing a deterministic_id (a display's chosen values are keyed by it). Runs even when
 * other parts of the template are invalid (`when`), so every problem is reported at once; the
 * value is then the raw input, read defensively.
 */
const uniqueOptionIds = (template: { configurable_options?: unknown }, ctx: z.RefinementCtx) => {
  const options = Array.isArray(template.configurable_options) ? template.configurable_options : [];
  const seen = new Set<unknown>();
  options.forEach((option, index) => {
    const id = isRecord(option) && typeof option.deterministic_id === "string" ? option.deterministic_id.trim() : null;
    if (id === null || id === "") return;
    if (seen.has(id)) {
      ctx.addIssue({
        code: "custom",
        message: ADMIN_TEXTS.duplicateOptionId,
        path: ["configurable_options", index, "deterministic_id"],
      });
    }
    seen.add(id);
  });
};

/** What displays show of the application and the options they configure per display. */
const Template = z
  .looseObject({
    header: text(256),
    description: text(1000),
    configurable_options: z.array(TemplateOption).max(100),
  })
  .superRefine(uniqueOptionIds, { when: (payload) => isRecord(payload.value) });

const withinSize = (document: object, ctx: z.RefinementCtx) => {
  if (new TextEncoder().encode(JSON.stringify(document)).length > MAX_DOCUMENT_BYTES) {
    ctx.addIssue({ code: "custom", message: ADMIN_TEXTS.tooLarge, path: [] });
  }
};

/**
 * How the agent launches the application (contracts/admin/applications.ts, docs/applications.md): its
 * URL must be a web or file address, and every `{{option}}` placeholder must name an option of
 * the template. Optional: a definition without it is shown on displays but nothing is launched.
 */
const Launch = ApplicationLaunch.superRefine((launch, ctx) => {
  // A URL that starts with a placeholder is the option's value: the agent checks it once filled in.
  if (launch.kind === "url" && !/^((https?|file):\/\/|\{\{)/i.test(launch.url)) {
    ctx.addIssue({ code: "custom", message: ADMIN_TEXTS.launchUrl, path: ["url"] });
  }
});

const knownPlaceholders = (document: { template?: unknown; launch?: unknown }, ctx: z.RefinementCtx) => {
  const launch = ApplicationLaunch.safeParse(document.launch);
  if (!launch.success) return;
  const template = isRecord(document.template) ? document.template : {};
  const options = Array.isArray(template.configurable_options) ? template.configurable_options : [];
  const ids = new Set(
    options.map((o) => (isRecord(o) && typeof o.deterministic_id === "string" ? o.deterministic_id.trim() : "")),
  );
  for (const name of launchPlaceholders(launch.data)) {
    if (!ids.has(name)) {
      ctx.addIssue({
        code: "custom",
        message: ADMIN_TEXTS.unknownPlaceholder.replace("{name}", name),
        path: ["launch"],
      });
    }
  }
};

/** An application as edited: `name`, an optional `template` and `launch`, and any other field (kept). */
export const ApplicationDocument = z
  .looseObject({ name: documentName, template: Template.optional(), launch: Launch.optional() })
  .superRefine(withinSize)
  .superRefine(knownPlaceholders);
export type ApplicationDocument = z.infer<typeof ApplicationDocument>;

/** A runner as edited: `name` and any other field (kept). */
export const RunnerDocument = z.looseObject({ name: documentName }).superRefine(withinSize);
export type RunnerDocument = z.infer<typeof RunnerDocument>;

/** A stored document as returned: its name and its other fields, unvalidated (older records may break today's rules). */
const StoredDocument = z.looseObject({ name: z.string() });

/** An application in the list (console.md §3.8: id, uuid, name). */
export const ApplicationSummary = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  /** How many displays (of any space) show it. */
  displays_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;

/** One application with the document the editor shows. */
export const Application = ApplicationSummary.extend({ document: StoredDocument });
export type Application = z.infer<typeof Application>;

export const ApplicationList = z.object({ applications: z.array(ApplicationSummary), ...PageInfo.shape });
export type ApplicationList = z.infer<typeof ApplicationList>;

/** A runner in the list (console.md §3.8: uuid, name). */
export const RunnerSummary = z.object({
  uuid: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RunnerSummary = z.infer<typeof RunnerSummary>;

export const Runner = RunnerSummary.extend({ document: StoredDocument });
export type Runner = z.infer<typeof Runner>;

export const RunnerList = z.object({ runners: z.array(RunnerSummary), ...PageInfo.shape });
export type RunnerList = z.infer<typeof RunnerList>;

const adminPage = { ...PageQuery.shape, page_size: PageQuery.shape.page_size.unwrap().default(ADMIN_PAGE_SIZE) };

/** GET /application/items/?page&page_size&name (name: contained in the name, any case). */
export const ApplicationQuery = z.object({ name: searchText, ...adminPage });
export type ApplicationQuery = z.infer<typeof ApplicationQuery>;

/** GET /runner/items/?page&page_size&search (search: contained in the name, any case). */
export const RunnerQuery = z.object({ search: searchText, ...adminPage });
export type RunnerQuery = z.infer<typeof RunnerQuery>;

/** GET …/history/: newest first. */
export const HistoryQuery = z.object({ ...PageQuery.shape, page_size: PageQuery.shape.page_size.unwrap().default(20) });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** One changed value of a document: where (a JSON path such as `template.configurable_options.0.name`), before and after (absent = not there). */
export const FieldChange = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type FieldChange = z.infer<typeof FieldChange>;

export const CHANGE_ACTIONS = ["create", "update", "delete"] as const;

/** One audited change of a record: who, when, what. */
export const ChangeRecord = z.object({
  uuid: z.string(),
  action: z.enum(CHANGE_ACTIONS),
  created_at: z.string(),
  /** null: the user no longer exists (or the change was not made by a user). */
  actor: z.object({ uuid: z.string(), display_name: z.string(), email: z.string() }).nullable(),
  changes: z.array(FieldChange),
  /** More values changed than `changes` lists. */
  truncated: z.boolean(),
});
export type ChangeRecord = z.infer<typeof ChangeRecord>;

export const ChangeHistory = z.object({ history: z.array(ChangeRecord), ...PageInfo.shape });
export type ChangeHistory = z.infer<typeof ChangeHistory>;
