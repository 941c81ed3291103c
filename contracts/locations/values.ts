/** The location list's orderings. Free of zod (contracts/values: what the console's first load may import). */
import { eitherWay } from "../http/paging-values.ts";

export const LOCATION_ORDERINGS = ["online_status", "created_at", "updated_at", "name"] as const;
/** Every `?ordering=` value of the location list (contracts/locations/schema.ts `LocationListQuery`). */
export const LOCATION_LIST_ORDERINGS = eitherWay(LOCATION_ORDERINGS);
