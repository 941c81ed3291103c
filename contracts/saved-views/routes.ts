import {
  commonErrors,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  SpaceParam,
  uuidParam,
} from "../http/route.ts";
import { SavedView, SavedViewInput, SavedViewListReply, SavedViewQuery } from "./schema.ts";

const tags = ["Saved views"];

export const listSavedViews = defineRoute({
  method: "get",
  path: "/space/{space}/saved-views",
  summary: "The caller's saved views of the space's lists (only their own), by list and name",
  tags,
  request: { params: SpaceParam, query: SavedViewQuery },
  responses: { 200: jsonResponse(SavedViewListReply), ...commonErrors },
});

export const addSavedView = defineRoute({
  method: "post",
  path: "/space/{space}/saved-views",
  summary: "Save a list's current URL query under a name (unique per account, space and list)",
  tags,
  request: { params: SpaceParam, body: jsonBody(SavedViewInput) },
  responses: { 201: jsonResponse(SavedView, "The new view"), ...commonErrors },
});

export const SavedViewParam = SpaceParam.extend({ uuid: uuidParam("saved view") });

export const deleteSavedView = deleteRoute({
  path: "/space/{space}/saved-views/{uuid}",
  summary: "Delete one of the caller's saved views",
  tags,
  params: SavedViewParam,
});
