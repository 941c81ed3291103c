import { ActivityCard } from "./activity-card";
import { ACTIVITY_LISTS } from "./activity-lists";

/**
 * /activity, the Monitor default (console.md §2.11, §9): latest added, connected, edited,
 * disconnected, connected online and offline — one column on a phone, three on a wall screen.
 */
export function ActivityPage() {
  return (
    <div className="grid grid-cols-1 gap-3 p-4 md:grid-cols-2 md:p-6 2xl:grid-cols-3" data-testid="activity">
      {ACTIVITY_LISTS.map((list) => (
        <ActivityCard key={list.id} list={list} />
      ))}
    </div>
  );
}
