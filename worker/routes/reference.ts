import { CountryList, LocationTypeList } from "../../contracts/locations/schema.ts";
import {
  listCountries as listCountriesRoute,
  listLocationTypes as listLocationTypesRoute,
  listSpaceCountries,
  listSpaceLocationTypes,
} from "../../contracts/spaces/routes.ts";
import type { AppEnv } from "../env.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireUser } from "../middleware/auth.ts";
import { listCountries, listLocationTypes } from "../services/spaces/reference.ts";

type Ctx = { var: AppEnv["Variables"] };
const locationTypes = async (c: Ctx) => LocationTypeList.parse(await listLocationTypes({ ctx: { db: c.var.db } }));
const countries = async (c: Ctx) => CountryList.parse(await listCountries({ ctx: { db: c.var.db } }));

/** /api/location-type/items/ and /api/country/items/: global reference lists for any signed-in user. */
export const referenceRoutes = openApiRouter()
  .openapi(guarded(listLocationTypesRoute, requireUser), async (c) => c.json(await locationTypes(c), 200))
  .openapi(guarded(listCountriesRoute, requireUser), async (c) => c.json(await countries(c), 200));

/** The same lists under /api/space/{space}/ (membership is checked upstream). */
export const spaceReferenceRoutes = openApiRouter()
  .openapi(listSpaceLocationTypes, async (c) => c.json(await locationTypes(c), 200))
  .openapi(listSpaceCountries, async (c) => c.json(await countries(c), 200));
