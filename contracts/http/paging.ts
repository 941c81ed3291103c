import { z } from "zod";

export { eitherWay } from "./paging-values.ts";

/** Lists of the console are paged like Django REST Framework's page-number pagination. */
export const DEFAULT_PAGE_SIZE = 36;
export const MAX_PAGE_SIZE = 500;

/** Absolute URLs of the neighbouring pages (same query, other `page`), or null at an end. */
export const Links = z.object({ next: z.string().nullable(), previous: z.string().nullable() });
export type Links = z.infer<typeof Links>;

/** The paging part of every list reply: `{ <items>, links, objects_count, pages_count }`. */
export const PageInfo = z.object({ links: Links, objects_count: z.number().int(), pages_count: z.number().int() });
export type PageInfo = z.infer<typeof PageInfo>;

const INTEGER = "A valid integer is required.";
const positive = (max?: number) => {
  const base = z.coerce
    .number({ error: INTEGER })
    .int(INTEGER)
    .min(1, "Ensure this value is greater than or equal to 1.");
  return max ? base.max(max, `Ensure this value is less than or equal to ${max}.`) : base;
};

/** `?page=&page_size=`; pages are 1-based. A page past the end is an empty page. */
export const PageQuery = z.object({
  page: positive().default(1),
  page_size: positive(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;
