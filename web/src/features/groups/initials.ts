/** console.md §9: a group's location card shows up to 3 word-initial letters ("Zagreb City Mall" → "ZCM"). */
export function wordInitials(name: string): string {
  return name
    .split(/[\s\-_/.,]+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? "")
    .filter(Boolean)
    .slice(0, 3)
    .join("")
    .toUpperCase();
}
