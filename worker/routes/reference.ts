import { Hono } from "hono";
import { CountryList, LocationTypeList } from "../../contracts/location.ts";
import type { AppEnv } from "../env.ts";
import { requireUser } from "../middleware/auth.ts";
import { listCountries, listLocationTypes } from "../services/spaces/reference.ts";

/** /api/location-type/items/ and /api/country/items/: global reference lists for any signed-in user. */
export const referenceRoutes = new Hono<AppEnv>({ strict: false })
  .get("/location-type/items", requireUser, async (c) =>
    c.json(LocationTypeList.parse(await listLocationTypes({ ctx: { db: c.var.db } }))),
  )
  .get("/country/items", requireUser, async (c) =>
    c.json(CountryList.parse(await listCountries({ ctx: { db: c.var.db } }))),
  );

/** The same lists under /api/space/{space}/ (membership is checked upstream). */
export const spaceReferenceRoutes = new Hono<AppEnv>({ strict: false })
  .get("/location-type/items", async (c) =>
    c.json(LocationTypeList.parse(await listLocationTypes({ ctx: { db: c.var.db } }))),
  )
  .get("/location/country/items", async (c) =>
    c.json(CountryList.parse(await listCountries({ ctx: { db: c.var.db } }))),
  );
