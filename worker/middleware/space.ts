import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv, RoleCode, SpaceCtx } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { findMembership } from "../services/access/identity.ts";
import {
  credentialMembership,
  enforceDisplayScope,
  refuseDisplayAccountReads,
  refuseReadOnlyWrite,
} from "../services/access/principal.ts";
import { rememberSpaceRegion } from "../services/kernel/placement.ts";
import { authenticate } from "./auth.ts";

const SpaceParam = z.uuid();

/**
 * For /api/space/:space/*: authenticates the bearer (requireUser's job, done here so the user
 * and their membership are one cached query) and requires an active member. Sets principal,
 * user, space, account, role.
 *
 * A display link or API token must be of this space; it is checked here, centrally,
 * for every route: a read-only one (display links, `read` tokens) is refused every request but a
 * read (and its space room's ticket), a display link the member list, a narrowed display link
 * every read naming a location outside its scope; an `operator` token gets at most Content Manager's role, so the routes' own
 * requireRole does the rest.
 */
export const requireSpaceMember = createMiddleware<AppEnv>(async (c, next) => {
  const spaceUuid = SpaceParam.safeParse(c.req.param("space"));
  // Authentication first (401 before 404), once: a person's user and membership in one query.
  const found = await authenticate(c, spaceUuid.success ? spaceUuid.data : null);
  if (!spaceUuid.success) throw new ApiError("not_found", "Space not found.");
  const principal = c.get("principal") ?? { kind: "user" };
  let membership: Awaited<ReturnType<typeof findMembership>>;
  if (principal.kind === "user") {
    membership = found === "credential" ? null : found;
  } else {
    const creator =
      principal.kind === "api_token" ? await findMembership(c.var.db, spaceUuid.data, c.var.user.uuid) : null;
    membership = await credentialMembership(c.var.db, spaceUuid.data, principal, creator);
    refuseReadOnlyWrite(principal, c.req.method, c.req.path);
    refuseDisplayAccountReads(principal, c.req.path);
    await enforceDisplayScope(c.var.db, principal.credential, { path: c.req.path, query: c.req.queries() });
  }
  if (!membership) throw new ApiError("forbidden", "You do not have permission to perform this action.");
  c.set("space", membership.space);
  rememberSpaceRegion(membership.space);
  c.set("account", membership.account);
  c.set("role", membership.role);
  await next();
});

/** Viewer reads; Content Manager also changes the fleet; Admin also manages the space. */
const RANK: Record<RoleCode, number> = { viewer: 0, content_manager: 1, admin: 2 };

export const roleAtLeast = (role: RoleCode, needed: RoleCode) => RANK[role] >= RANK[needed];

/** Route guard: the caller's role in the space must be at least `needed`. 403 otherwise. */
export const requireRole = (needed: RoleCode) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roleAtLeast(c.var.role.code, needed)) {
      throw new ApiError("forbidden", "You do not have permission to perform this action.");
    }
    await next();
  });

/** Route guard for account flags (super_admin, sys_dev). */
export const requireFlag = (flag: "super_admin" | "sys_dev") =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user[flag]) throw new ApiError("forbidden", "You do not have permission to perform this action.");
    await next();
  });

/** The ctx every space service takes. */
export const spaceCtx = (c: { env: AppEnv["Bindings"]; var: AppEnv["Variables"] }): SpaceCtx => ({
  db: c.var.db,
  env: c.env,
  user: c.var.user,
  space: c.var.space,
  account: c.var.account,
  role: c.var.role,
});
