import { Hono } from "hono";
import { AccountLoginInput, CurrentUser } from "../../contracts/space.ts";
import type { AppEnv } from "../env.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireUser } from "../middleware/auth.ts";
import { getCurrentUser } from "../services/accounts/account.ts";

/** /api/account/… — calls about the signed-in user, outside any space. */
export const accountRoutes = new Hono<AppEnv>({ strict: false }).post(
  "/login",
  requireUser,
  validateInput("json", AccountLoginInput),
  async (c) => {
    const user = await getCurrentUser({ db: c.var.db, user: c.var.user, input: c.req.valid("json") });
    return c.json(CurrentUser.parse(user));
  },
);
