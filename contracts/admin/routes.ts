import { z } from "zod";
import { ApiErrorBody } from "../http/errors.ts";
import {
  bodyErrors,
  commonErrors,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  noContent,
  uuidParam,
} from "../http/route.ts";
import {
  Application,
  ApplicationDocument,
  ApplicationList,
  ApplicationQuery,
  ChangeHistory,
  HistoryQuery,
  Runner,
  RunnerDocument,
  RunnerList,
  RunnerQuery,
} from "./schema.ts";

/**
 * console.md §7.6: the Admin Panel's applications and runners (global: no space in the path).
 * Every route answers 403 to a user who is neither a super admin nor a system developer.
 */
const applicationTags = ["Admin Panel: applications"];
const runnerTags = ["Admin Panel: runners"];

const inUse = {
  409: jsonResponse(ApiErrorBody, "The application is shown on displays (the message names them and their devices)"),
};

/** Path parameter of one application: its numeric id (/applications/{appId} in the console). */
export const ApplicationParam = z.object({ id: z.string().meta({ description: "The application's numeric id" }) });
/** Path parameter of one runner: its uuid. */
export const RunnerParam = z.object({ id: uuidParam("runner") });

export const listApplications = defineRoute({
  method: "get",
  path: "/application/items",
  summary: "Applications, searched by name (contained, any case), 35 a page; super admin or system developer",
  tags: applicationTags,
  request: { query: ApplicationQuery },
  responses: { 200: jsonResponse(ApplicationList), ...commonErrors },
});

export const addApplication = defineRoute({
  method: "post",
  path: "/application/add",
  summary:
    "Add an application from its JSON document (name unique; unknown fields kept); super admin or system developer",
  tags: applicationTags,
  request: { body: jsonBody(ApplicationDocument) },
  responses: { 201: jsonResponse(Application, "The new application"), ...bodyErrors },
});

export const getApplication = defineRoute({
  method: "get",
  path: "/application/{id}",
  summary: "One application with its JSON document",
  tags: applicationTags,
  request: { params: ApplicationParam },
  responses: { 200: jsonResponse(Application), ...commonErrors },
});

export const editApplication = defineRoute({
  method: "patch",
  path: "/application/{id}",
  summary: "Replace an application's JSON document (errors per JSON path); super admin or system developer",
  tags: applicationTags,
  request: { params: ApplicationParam, body: jsonBody(ApplicationDocument) },
  responses: { 200: jsonResponse(Application, "The changed application"), ...bodyErrors },
});

export const deleteApplication = defineRoute({
  method: "delete",
  path: "/application/{id}",
  summary: "Delete an application no display shows; system developer",
  tags: applicationTags,
  request: { params: ApplicationParam },
  responses: { 204: noContent, ...commonErrors, ...inUse },
});

export const applicationHistory = defineRoute({
  method: "get",
  path: "/application/{id}/history",
  summary: "The application's changes from the audit log (who, when, what), newest first",
  tags: applicationTags,
  request: { params: ApplicationParam, query: HistoryQuery },
  responses: { 200: jsonResponse(ChangeHistory), ...commonErrors },
});

export const listRunners = defineRoute({
  method: "get",
  path: "/runner/items",
  summary: "Runners, searched by name (contained, any case), 35 a page; super admin or system developer",
  tags: runnerTags,
  request: { query: RunnerQuery },
  responses: { 200: jsonResponse(RunnerList), ...commonErrors },
});

export const addRunner = defineRoute({
  method: "post",
  path: "/runner/add",
  summary: "Add a runner from its JSON document (name unique; unknown fields kept); system developer",
  tags: runnerTags,
  request: { body: jsonBody(RunnerDocument) },
  responses: { 201: jsonResponse(Runner, "The new runner"), ...bodyErrors },
});

export const getRunner = defineRoute({
  method: "get",
  path: "/runner/{id}",
  summary: "One runner with its JSON document",
  tags: runnerTags,
  request: { params: RunnerParam },
  responses: { 200: jsonResponse(Runner), ...commonErrors },
});

export const editRunner = defineRoute({
  method: "patch",
  path: "/runner/{id}",
  summary: "Replace a runner's JSON document (errors per JSON path); system developer",
  tags: runnerTags,
  request: { params: RunnerParam, body: jsonBody(RunnerDocument) },
  responses: { 200: jsonResponse(Runner, "The changed runner"), ...bodyErrors },
});

export const deleteRunner = deleteRoute({
  path: "/runner/{id}",
  summary: "Delete a runner; system developer",
  tags: runnerTags,
  params: RunnerParam,
});

export const runnerHistory = defineRoute({
  method: "get",
  path: "/runner/{id}/history",
  summary: "The runner's changes from the audit log (who, when, what), newest first",
  tags: runnerTags,
  request: { params: RunnerParam, query: HistoryQuery },
  responses: { 200: jsonResponse(ChangeHistory), ...commonErrors },
});
