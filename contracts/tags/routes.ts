import { commonErrors, defineRoute, jsonBody, jsonResponse, SpaceParam } from "../http/route.ts";
import { Tag, TagAddInput, TagList } from "./schema.ts";

const tags = ["Tags"];

export const listTags = defineRoute({
  method: "get",
  path: "/space/{space}/tag/items",
  summary: "The space's tags, ordered by name",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(TagList), ...commonErrors },
});

export const addTag = defineRoute({
  method: "post",
  path: "/space/{space}/tag/add",
  summary: "Add a tag (idempotent by name: 201 new, 200 existing); Content Manager or Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(TagAddInput) },
  responses: { 200: jsonResponse(Tag, "The existing tag"), 201: jsonResponse(Tag, "The new tag"), ...commonErrors },
});
