import { LogOutIcon, TriangleAlertIcon, UsersRoundIcon } from "lucide-react";
import { RetryButton } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { signOut } from "@/lib/session/session";

const navPlaceholders = ["accounts", "assets", "monitor"] as const;
const cardPlaceholders = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"] as const;

/** The frame's shape while the user loads, so nothing jumps when it arrives. */
export function LayoutSkeleton() {
  const t = useT();
  return (
    <div role="status" className="flex h-dvh bg-background" aria-busy="true" aria-label={t("common.loading")}>
      <div className="flex w-52 flex-col gap-2 border-r border-sidebar-border bg-sidebar p-3 pt-2.5">
        <Skeleton className="mb-4 h-7 w-28" />
        {navPlaceholders.map((key) => (
          <Skeleton key={key} className="h-8 w-full" />
        ))}
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex h-12 items-center justify-between border-b px-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="size-8 rounded-full" />
        </div>
        <div className="flex flex-col gap-4 p-6">
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-8 w-80" />
          <div className="grid grid-cols-[repeat(auto-fill,minmax(240px,1fr))] gap-3">
            {cardPlaceholders.map((key) => (
              <Skeleton key={key} className="h-28" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The way out when the frame cannot be shown. */
function SignOutButton({ variant }: { variant: "outline" | "ghost" }) {
  const t = useT();
  return (
    <Button variant={variant} onClick={() => void signOut()}>
      <LogOutIcon aria-hidden="true" />
      {t("account.signOut")}
    </Button>
  );
}

export function LayoutError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="flex h-dvh items-center justify-center bg-background">
      <EmptyState
        icon={TriangleAlertIcon}
        title={t("layout.loadFailed")}
        description={error.message}
        action={
          <div className="flex gap-2">
            <RetryButton onRetry={onRetry} />
            <SignOutButton variant="ghost" />
          </div>
        }
      />
    </div>
  );
}

export function NoSpaces() {
  const t = useT();
  return (
    <div className="flex h-dvh items-center justify-center bg-background">
      <EmptyState
        icon={UsersRoundIcon}
        title={t("layout.noSpaces.title")}
        description={t("layout.noSpaces.text")}
        action={<SignOutButton variant="outline" />}
      />
    </div>
  );
}
