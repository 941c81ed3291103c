import type { PageInfo } from "../../contracts/paging.ts";

/** LIMIT/OFFSET of a 1-based page. */
export const pageWindow = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/**
 * links/objects_count/pages_count of a page. Links are the request URL with another `page`
 * (every other parameter kept), so a client can follow `next` or read its page parameter.
 */
export function pageInfo(url: string, page: number, pageSize: number, count: number): PageInfo {
  const pages = Math.ceil(count / pageSize);
  const link = (to: number) => {
    const u = new URL(url);
    u.searchParams.set("page", String(to));
    return u.toString();
  };
  return {
    links: {
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(Math.min(page - 1, Math.max(pages, 1))) : null,
    },
    objects_count: count,
    pages_count: pages,
  };
}
