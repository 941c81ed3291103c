import { accountLogin } from "../../contracts/accounts/routes.ts";
import { CurrentUser } from "../../contracts/spaces/schema.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireUser } from "../middleware/auth.ts";
import { getCurrentUser } from "../services/accounts/account.ts";

/** /api/account/… — calls about the signed-in user, outside any space. */
export const accountRoutes = openApiRouter().openapi(guarded(accountLogin, requireUser), async (c) => {
  const user = await getCurrentUser({ db: c.var.db, user: c.var.user, input: c.req.valid("json") });
  return c.json(CurrentUser.parse(user), 200);
});
