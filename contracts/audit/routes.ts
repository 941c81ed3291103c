import { bodyErrors, commonErrors, defineRoute, jsonBody, jsonResponse, SpaceParam } from "../http/route.ts";
import {
  AuditAnchors,
  AuditExportQuery,
  AuditList,
  AuditListQuery,
  AuditSettings,
  AuditSettingsPatch,
  AuditVerifyResult,
} from "./schema.ts";

const tags = ["Audit log"];
const exportFile = { schema: { type: "string" as const } };

/** GET /space/{space}/audit/items/: the space's audit log, newest first (Admin). */
export const listAuditLog = defineRoute({
  method: "get",
  path: "/space/{space}/audit/items",
  summary: "A page of the space's audit log, newest first, filtered; Admin",
  tags,
  request: { params: SpaceParam, query: AuditListQuery },
  responses: { 200: jsonResponse(AuditList), ...commonErrors },
});

/** GET /space/{space}/audit/items/export/: the filtered log streamed as CSV or JSON Lines (Admin). */
export const exportAuditLog = defineRoute({
  method: "get",
  path: "/space/{space}/audit/items/export",
  summary: "The filtered audit log, oldest first, streamed as audit_export.csv or .jsonl; Admin",
  tags,
  request: { params: SpaceParam, query: AuditExportQuery },
  responses: {
    200: {
      description: "The export file (an attachment)",
      content: { "text/csv": exportFile, "application/x-ndjson": exportFile },
    },
    ...commonErrors,
  },
});

/** GET /space/{space}/audit/verify/: recompute the chain, name the first broken sequence (Admin). */
export const verifyAuditLog = defineRoute({
  method: "get",
  path: "/space/{space}/audit/verify",
  summary: "Recompute the space's hash chain and compare its daily anchors; names the first broken sequence; Admin",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(AuditVerifyResult), ...commonErrors },
});

/** GET /space/{space}/audit/anchors/: the daily anchors (from R2), the prune anchor and the retention (Admin). */
export const auditAnchors = defineRoute({
  method: "get",
  path: "/space/{space}/audit/anchors",
  summary: "The chain's daily anchors as R2 holds them, newest first, and where the kept chain starts; Admin",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(AuditAnchors), ...commonErrors },
});

/** PATCH /space/{space}/audit/settings/: the retention in days (Admin). */
export const updateAuditSettings = defineRoute({
  method: "patch",
  path: "/space/{space}/audit/settings",
  summary: "Set how many days the space keeps audit entries (default 400); Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(AuditSettingsPatch) },
  responses: { 200: jsonResponse(AuditSettings), ...bodyErrors },
});
