import "@/lib/i18n/locales/en-admin";
import * as routes from "@contracts/admin/routes";
import type { ApplicationDocument, ChangeHistory, RunnerDocument } from "@contracts/admin/schema";
import type { Links } from "@contracts/http/paging";
import type { CurrentUser } from "@contracts/spaces/schema";
import { callApi } from "@/lib/api/api";
import type { MessageKey } from "@/lib/i18n";

/** A row of an Admin Panel list. */
export type AdminRow = {
  /** What the detail route carries: an application's numeric id, a runner's uuid. */
  key: string;
  uuid: string;
  name: string;
  /** Applications only: how many displays show it. */
  displays_count?: number;
  updated_at: string;
};

/** A record opened in the editor. */
export type AdminRecord = AdminRow & { created_at: string; document: { name: string } & Record<string, unknown> };

export type AdminPage = { rows: AdminRow[]; links: Links; objects_count: number };
export type Document = Record<string, unknown>;

/**
 * What differs between applications and runners (console.md §2.12, §6): their calls, paths,
 * texts and who may save or delete them. The pages and the editor are written once for both.
 */
export type AdminKind = {
  kind: "application" | "runner";
  /** The list's path; a record is at `${base}/${key}`, a new one at `${base}/add`. */
  base: "/applications" | "/runners";
  text: {
    list: MessageKey;
    search: MessageKey;
    add: MessageKey;
    emptyTitle: MessageKey;
    emptyText: MessageKey;
    loadFailed: MessageKey;
    notFound: MessageKey;
  };
  /** What a new record's editor starts with. */
  starter: Document;
  canSave: (user: CurrentUser) => boolean;
  canDelete: (user: CurrentUser) => boolean;
  list: (q: { search: string; page: number }, signal?: AbortSignal) => Promise<AdminPage>;
  get: (key: string, signal?: AbortSignal) => Promise<AdminRecord>;
  history: (key: string, page: number, signal?: AbortSignal) => Promise<ChangeHistory>;
  add: (document: Document) => Promise<AdminRecord>;
  save: (key: string, document: Document) => Promise<AdminRecord>;
  remove: (key: string) => Promise<void>;
};

const sysDev = (user: CurrentUser) => user.sys_dev;
// The editor sends what the person typed; the server validates it (400 with errors per path).
const asApplication = (document: Document) => document as ApplicationDocument;
const asRunner = (document: Document) => document as RunnerDocument;

const application = <T extends { id: number }>(a: T) => ({ ...a, key: String(a.id) });
const runner = <T extends { uuid: string }>(r: T) => ({ ...r, key: r.uuid });

export const applicationKind: AdminKind = {
  kind: "application",
  base: "/applications",
  text: {
    list: "admin.applications",
    search: "admin.applications.search",
    add: "admin.applications.add",
    emptyTitle: "admin.applications.empty.title",
    emptyText: "admin.applications.empty.text",
    loadFailed: "admin.applications.loadFailed",
    notFound: "admin.applications.notFound",
  },
  starter: { name: "", template: { header: "", description: "", configurable_options: [] } },
  canSave: (user) => user.super_admin || user.sys_dev,
  canDelete: sysDev,
  list: async ({ search, page }, signal) => {
    const reply = await callApi(routes.listApplications, { query: { name: search || undefined, page }, signal });
    return { ...reply, rows: reply.applications.map(application) };
  },
  get: async (key, signal) => application(await callApi(routes.getApplication, { params: { id: key }, signal })),
  history: (key, page, signal) => callApi(routes.applicationHistory, { params: { id: key }, query: { page }, signal }),
  add: async (document) => application(await callApi(routes.addApplication, { json: asApplication(document) })),
  save: async (key, document) =>
    application(await callApi(routes.editApplication, { params: { id: key }, json: asApplication(document) })),
  remove: (key) => callApi(routes.deleteApplication, { params: { id: key } }),
};

export const runnerKind: AdminKind = {
  kind: "runner",
  base: "/runners",
  text: {
    list: "admin.runners",
    search: "admin.runners.search",
    add: "admin.runners.add",
    emptyTitle: "admin.runners.empty.title",
    emptyText: "admin.runners.empty.text",
    loadFailed: "admin.runners.loadFailed",
    notFound: "admin.runners.notFound",
  },
  starter: { name: "" },
  canSave: sysDev,
  canDelete: sysDev,
  list: async ({ search, page }, signal) => {
    const reply = await callApi(routes.listRunners, { query: { search: search || undefined, page }, signal });
    return { ...reply, rows: reply.runners.map(runner) };
  },
  get: async (key, signal) => runner(await callApi(routes.getRunner, { params: { id: key }, signal })),
  history: (key, page, signal) => callApi(routes.runnerHistory, { params: { id: key }, query: { page }, signal }),
  add: async (document) => runner(await callApi(routes.addRunner, { json: asRunner(document) })),
  save: async (key, document) =>
    runner(await callApi(routes.editRunner, { params: { id: key }, json: asRunner(document) })),
  remove: (key) => callApi(routes.deleteRunner, { params: { id: key } }),
};
