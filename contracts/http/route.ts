import type { RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { ApiErrorBody } from "./errors.ts";

export { API_PREFIX, routePath, specPath } from "./path.ts";

/**
 * One API route, defined once: method, path (OpenAPI style, `{param}`, relative to /api, no
 * trailing slash — the Worker accepts the path with or without it), request schemas and
 * responses. The Worker mounts it (`app.openapi(route, handler)` validates params, query and
 * body with these schemas), the OpenAPI document at /api/openapi.json is generated from it,
 * and the web's typed client (web/src/lib/api.ts `callApi`) builds the URL and parses the
 * reply with it. Only a type is imported from @hono/zod-openapi, so the web bundle carries none
 * of it.
 */
export const defineRoute = <const R extends RouteConfig>(route: R): R => route;

/** A JSON response with this schema. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description = "OK") =>
  ({ description, content: { "application/json": { schema } } }) as const;

/** A JSON request body (always validated: a body-less request validates `{}`). */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  ({ required: true, content: { "application/json": { schema } } }) as const;

/** A 204 reply. */
export const noContent = { description: "Done; no body" } as const;

/** A file reply (screenshot, CSV export …). */
export const fileResponse = (mediaType: string, description: string) =>
  ({ description, content: { [mediaType]: { schema: z.string().meta({ format: "binary" }) } } }) as const;

const error = (description: string) => jsonResponse(ApiErrorBody, description);

/** The error replies every authenticated route may give (the one error shape of contracts/http/errors.ts). */
export const commonErrors = {
  400: error("Validation errors (`errors` per field) or a bad request"),
  401: error("No or expired access token"),
  403: error("Not allowed for this account or role"),
  404: error("Not found in this space"),
} as const;

/** 415: a route that reads a JSON body got another media type. */
export const notJson = error("The body is not sent as JSON");

/** The error replies of an authenticated route that reads a JSON body: the common ones and 415. */
export const bodyErrors = { ...commonErrors, 415: notJson } as const;

/**
 * A list's CSV export: the list route's query (its paging ignored) at `{list path}/export`,
 * answered with the file `fileName`.
 */
export const csvExportOf = <P extends z.ZodObject, Q extends z.ZodObject>(
  list: { path: string; tags?: string[]; request: { params: P; query: Q } },
  fileName: string,
  summary: string,
) =>
  defineRoute({
    method: "get",
    path: `${list.path}/export`,
    summary,
    tags: list.tags,
    request: { params: list.request.params, query: list.request.query },
    responses: { 200: fileResponse("text/csv", fileName), ...commonErrors },
  });

/**
 * A list route and its CSV export (csvExportOf): GET `path` answers `reply` for `query`, and
 * GET `{path}/export` the same rows as the file `file.name`.
 */
export function listWithExport<
  const Path extends string,
  P extends z.ZodObject,
  Q extends z.ZodObject,
  S extends z.ZodType,
>(
  list: { path: Path; summary: string; tags: string[]; params: P; query: Q; reply: S },
  file: { name: string; summary: string },
) {
  const route = defineRoute({
    method: "get",
    path: list.path,
    summary: list.summary,
    tags: list.tags,
    request: { params: list.params, query: list.query },
    responses: { 200: jsonResponse(list.reply), ...commonErrors },
  });
  return { list: route, csv: csvExportOf(route, file.name, file.summary) };
}

/** A DELETE route answering 204 (or one of the common errors). */
export const deleteRoute = <const Path extends string, P extends z.ZodObject>(route: {
  path: Path;
  summary: string;
  tags: string[];
  params: P;
}) =>
  defineRoute({
    method: "delete",
    path: route.path,
    summary: route.summary,
    tags: route.tags,
    request: { params: route.params },
    responses: { 204: noContent, ...commonErrors },
  });

/** A uuid path parameter, described as `what`'s. */
export const uuidParam = (what: string) => z.string().meta({ description: `The ${what}'s uuid` });

/** Path parameters shared by the space-scoped routes. */
export const SpaceParam = z.object({ space: uuidParam("space") });

type JsonSchemaOf<C> = C extends { content: { "application/json": { schema: infer S extends z.ZodType } } } ? S : never;
type SuccessSchema<R extends RouteConfig> =
  | JsonSchemaOf<R["responses"][200]>
  | JsonSchemaOf<R["responses"][201]>
  | JsonSchemaOf<R["responses"][202]>;

/** undefined when the route may answer 204 besides its JSON replies (power control: 204, or 200 for a dry run). */
type NoContentOf<R extends RouteConfig> = 204 extends keyof R["responses"] ? undefined : never;

/** The success reply of a route: its 200/201/202 JSON schema's output, and undefined for a 204. */
export type RouteReply<R extends RouteConfig> = [SuccessSchema<R>] extends [never]
  ? undefined
  : z.output<SuccessSchema<R>> | NoContentOf<R>;

const noReply = z.unknown().transform(() => undefined);

/**
 * The schema a client parses a route's success reply with: its 200, 201 or 202 JSON schema (a
 * union when they differ, e.g. an enrolment's 200 credential or 202 "ask again"); none for a 204.
 */
export function replySchemaOf<R extends RouteConfig>(route: R): z.ZodType<RouteReply<R>> {
  const schemas = new Set<z.ZodType>();
  for (const status of [200, 201, 202]) {
    const success = route.responses[status];
    const media = success && "content" in success ? success.content?.["application/json"] : undefined;
    if (media && "schema" in media && media.schema instanceof z.ZodType) schemas.add(media.schema);
  }
  const [first, ...rest] = [...schemas];
  const schema = !first ? noReply : rest.length ? z.union([first, ...rest]) : first;
  return schema as z.ZodType<RouteReply<R>>;
}
