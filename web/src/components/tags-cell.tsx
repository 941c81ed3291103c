import type { TagRef } from "@contracts/tags/schema";
import { Badge } from "@/components/ui/badge";

/** A table cell's tags: the first two as chips, "+n" for the rest, all of them in the tooltip. */
export function TagsCell({ tags }: { tags: readonly TagRef[] }) {
  return (
    <span className="flex gap-1 overflow-hidden" title={tags.map((tag) => tag.name).join(", ")}>
      {tags.slice(0, 2).map((tag) => (
        <Badge key={tag.uuid} variant="secondary" className="max-w-24 truncate">
          {tag.name}
        </Badge>
      ))}
      {tags.length > 2 && <Badge variant="outline">+{tags.length - 2}</Badge>}
    </span>
  );
}
