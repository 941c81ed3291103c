import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Tag, TagAddInput, TagList, TagRef } from "../../../contracts/tags/schema.ts";
import { deviceTagTable, locationTagTable, tagTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { auditChange, chunksFor, inList, inSpace } from "../kernel/scope.ts";

const taggedCount = (link: typeof locationTagTable | typeof deviceTagTable) =>
  sql<number>`(select count(*) from ${link} where ${link.tag_uuid} = ${tagTable.uuid})`;

/** The space's tags by name (and `condition`), each with its locations + devices count. */
const tagsWhere = (ctx: SpaceCtx, condition?: SQL) =>
  ctx.db
    .select({
      uuid: tagTable.uuid,
      name: tagTable.name,
      total_number: sql<number>`${taggedCount(locationTagTable)} + ${taggedCount(deviceTagTable)}`,
    })
    .from(tagTable)
    .where(inSpace(ctx, tagTable, condition))
    .orderBy(asc(tagTable.name), asc(tagTable.uuid));

/** GET /space/{space}/tag/items/. */
export const listTags = async ({ ctx }: { ctx: SpaceCtx }): Promise<TagList> => ({ tags: await tagsWhere(ctx) });

const findTag = async (ctx: SpaceCtx, name: string): Promise<Tag | undefined> =>
  (await tagsWhere(ctx, eq(tagTable.name, name)))[0];

/**
 * POST /space/{space}/tag/add/: idempotent by name. Returns the tag and whether it was created
 * (201) or already existed (200). A concurrent add of the same name lands on the unique index
 * and is answered with the tag that won.
 */
export async function addTag({ ctx, input }: ServiceArgs<TagAddInput>) {
  const existing = await findTag(ctx, input.name);
  if (existing) return { created: false, tag: existing };
  const uuid = crypto.randomUUID();
  try {
    await ctx.db.batch([
      ctx.db.insert(tagTable).values({ uuid, space_uuid: ctx.space.space_uuid, name: input.name }),
      auditChange(ctx, {
        action: "tag.create",
        entityType: "tag",
        entityUuid: uuid,
        after: { name: input.name },
      }),
    ]);
  } catch (error) {
    const winner = await findTag(ctx, input.name);
    if (winner) return { created: false, tag: winner };
    throw error;
  }
  return { created: true, tag: { uuid, name: input.name, total_number: 0 } satisfies Tag };
}

/** The uuids among `uuids` that are not tags of this space. */
export async function unknownTags(ctx: Pick<SpaceCtx, "db" | "space">, uuids: readonly string[]) {
  if (uuids.length === 0) return [];
  return unknownTagsFrom(uuids, await knownTagsQuery(ctx, uuids));
}

/** Which of `uuids` are this space's tags (for a batch; an empty list matches nothing). */
export const knownTagsQuery = (ctx: Pick<SpaceCtx, "db" | "space">, uuids: readonly string[]) =>
  ctx.db
    .select({ uuid: tagTable.uuid })
    .from(tagTable)
    .where(inSpace(ctx, tagTable, inList(tagTable.uuid, uuids)));

/** The uuids knownTagsQuery did not find. */
export function unknownTagsFrom(uuids: readonly string[], found: readonly { uuid: string }[]) {
  const known = new Set(found.map((t) => t.uuid));
  return uuids.filter((u) => !known.has(u));
}

type TagLink = typeof locationTagTable | typeof deviceTagTable;

/** The link table's column naming the location or the device. */
const ownerOf = (link: TagLink) => ("location_uuid" in link ? link.location_uuid : link.device_uuid);

/**
 * The writes giving a location or a device the tags `tagUuids` (each once, in inserts chunked for
 * D1's bound parameters); with `replace`, its earlier tags are removed first.
 */
export function tagLinkWrites(
  ctx: Pick<SpaceCtx, "db" | "space">,
  link: TagLink,
  ownerUuid: string,
  tagUuids: readonly string[],
  { replace = false } = {},
): BatchItem<"sqlite">[] {
  const rows = [...new Set(tagUuids)].map((tag_uuid) => ({ tag_uuid, space_uuid: ctx.space.space_uuid }));
  const inserts = chunksFor(rows, 3).map((chunk) =>
    "location_uuid" in link
      ? ctx.db.insert(link).values(chunk.map((row) => ({ ...row, location_uuid: ownerUuid })))
      : ctx.db.insert(link).values(chunk.map((row) => ({ ...row, device_uuid: ownerUuid }))),
  );
  if (!replace) return inserts;
  return [ctx.db.delete(link).where(inSpace(ctx, link, eq(ownerOf(link), ownerUuid))), ...inserts];
}

/** The query of tagsOf: the tags of the given locations or devices, each with its owner, by name. */
export const tagsQuery = (ctx: Pick<SpaceCtx, "db" | "space">, link: TagLink, uuids: readonly string[]) =>
  ctx.db
    .select({ owner: ownerOf(link), uuid: tagTable.uuid, name: tagTable.name })
    .from(link)
    .innerJoin(tagTable, eq(tagTable.uuid, link.tag_uuid))
    .where(inSpace(ctx, link, inList(ownerOf(link), uuids)))
    .orderBy(asc(tagTable.name));

/** tagsQuery's rows keyed by owner uuid, each list by name. */
export function tagsByOwner(rows: readonly { owner: string; uuid: string; name: string }[]): Map<string, TagRef[]> {
  const out = new Map<string, TagRef[]>();
  for (const { owner: key, ...tag } of rows) out.set(key, [...(out.get(key) ?? []), tag]);
  return out;
}

/** Tags of the given locations or devices (one query), keyed by their uuid, each list by name. */
export async function tagsOf(
  ctx: Pick<SpaceCtx, "db" | "space">,
  link: TagLink,
  uuids: readonly string[],
): Promise<Map<string, TagRef[]>> {
  if (uuids.length === 0) return new Map();
  return tagsByOwner(await tagsQuery(ctx, link, uuids));
}
