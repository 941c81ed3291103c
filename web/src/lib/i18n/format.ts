/**
 * Avatar initials: the display name split on "." → first letters of the first two parts,
 * upper-case ("ana.admin" → "AA"); "NA" when there is no display name.
 */
export function initialsOf(displayName: string | null | undefined): string {
  const initials = (displayName ?? "")
    .split(".")
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join("")
    .toUpperCase();
  return initials || "NA";
}
