import type { CurrentUser, UserSpace } from "@contracts/spaces/schema";
import { createContext, useContext } from "react";
import { clearSpaceFilters, readString, storageKeys, writeString } from "@/lib/session/storage";

export type CurrentSpaceValue = { user: CurrentUser; space: UserSpace };

/** Provided by the signed-in layout once the user is loaded. */
export const CurrentSpaceContext = createContext<CurrentSpaceValue | null>(null);

export function useCurrentSpace(): CurrentSpaceValue {
  const value = useContext(CurrentSpaceContext);
  if (!value) throw new Error("useCurrentSpace is used outside the signed-in layout");
  return value;
}

/** The stored space when the user still belongs to it, else their first space. */
export function resolveSpace(user: CurrentUser): UserSpace | null {
  const stored = readString(storageKeys.space);
  const space = user.spaces.find((s) => s.space_uuid === stored) ?? user.spaces[0] ?? null;
  if (space && space.space_uuid !== stored) writeString(storageKeys.space, space.space_uuid);
  return space;
}

/**
 * Where a space switch lands: the section's page without its address's filters, views or flyout
 * (console.md §2.2: filters of the old space are cleared; in the address they would name its
 * locations and tags, and the list would come up empty). `/locations/global/working_time?x` →
 * `/locations`; the root stays the root.
 */
export function pathAfterSpaceSwitch(pathname: string): string {
  const section = pathname.split("/").find(Boolean);
  return section ? `/${section}` : "/";
}

/** Switching space starts clean: filters of the old space are dropped, stored and in the address, and the page reloads. */
export function switchSpace(spaceUuid: string) {
  writeString(storageKeys.space, spaceUuid);
  clearSpaceFilters();
  window.location.replace(pathAfterSpaceSwitch(window.location.pathname));
}

/** Spaces whose name or type contains the search text (case-insensitive). */
export function filterSpaces(spaces: readonly UserSpace[], search: string): UserSpace[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...spaces];
  return spaces.filter(
    (s) => s.space_name.toLowerCase().includes(needle) || s.space_type.toLowerCase().includes(needle),
  );
}
