import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-accounts";
import { COMMENT_MAX } from "@contracts/comments/values";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon, SendIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type TFunction, useT } from "@/lib/i18n";
import { initialsOf } from "@/lib/i18n/format";
import { type CommentDay, commentDay } from "../logic/format";
import { type CommentPart, deviceQueries } from "../queries";
import { useDeviceComments } from "../use-device-mutations";
import { useNow } from "../use-streak";
import { AuthorDot } from "./author-dot";

export function commentDate(t: TFunction, day: CommentDay, time: string) {
  if (day.kind === "today") return t("device.comment.today", { time });
  if (day.kind === "yesterday") return t("device.comment.yesterday", { time });
  return t("device.comment.daysAgo", { days: day.days, time });
}

/**
 * The comment box and the comments of a device (or of one of its displays or peripherals),
 * newest first; Delete only on one's own.
 */
export function DeviceComments({ uuid, part }: { uuid: string; part?: CommentPart }) {
  const t = useT();
  const { space, user } = useCurrentSpace();
  const comments = useQuery(deviceQueries.comments(space.space_uuid, uuid, part));
  const { add, remove } = useDeviceComments(uuid, part);
  const { canWrite, settled } = usePermissions();
  const [value, setValue] = useState("");
  const now = useNow();
  const text = value.trim();

  return (
    <div className="flex flex-col gap-3">
      {!settled ? (
        <Skeleton className="h-[88px] w-full" />
      ) : !canWrite ? (
        // Viewers read comments; the server refuses their posts (403), so no box invites one.
        <p className="text-xs text-muted-foreground">{t("device.comment.readOnly")}</p>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (text) add.mutate(text, { onSuccess: () => setValue("") });
          }}
        >
          <Textarea
            aria-label={t("device.comment.label")}
            placeholder={t("device.comment.placeholder")}
            value={value}
            maxLength={COMMENT_MAX}
            rows={2}
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="flex items-center justify-between">
            <span className="text-xs text-muted-foreground tabular-nums">
              {value.length}/{COMMENT_MAX}
            </span>
            <Button type="submit" size="sm" disabled={!text || add.isPending}>
              {add.isPending ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <SendIcon aria-hidden="true" />
              )}
              {t("device.comment.send")}
            </Button>
          </div>
        </form>
      )}
      {comments.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : !comments.data?.length ? (
        <p className="text-sm text-muted-foreground">{t("device.comment.empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border bg-card" aria-label={t("device.comments")}>
          {comments.data.map((comment) => {
            const when = commentDay(comment.created_at, now);
            const own = comment.account_display_name === user.display_name;
            const author = comment.account_display_name ?? t("device.comment.unknownAuthor");
            return (
              <li key={comment.uuid} className="flex gap-3 px-3 py-2.5" data-testid="device-comment">
                <span className="relative h-fit shrink-0">
                  <Avatar className="size-7">
                    <AvatarFallback className="text-[10px]">{initialsOf(comment.account_display_name)}</AvatarFallback>
                  </Avatar>
                  <AuthorDot
                    online={comment.account_online}
                    label={comment.account_online ? t("accounts.online") : t("accounts.offline")}
                  />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex items-baseline gap-2 text-xs">
                    <span className="font-medium">{author}</span>
                    <span className="text-muted-foreground">{commentDate(t, when.day, when.time)}</span>
                  </p>
                  <p className="mt-0.5 text-sm break-words whitespace-pre-wrap">{comment.value}</p>
                </div>
                {own && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 text-muted-foreground hover:text-destructive"
                    aria-label={t("device.comment.delete")}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(comment.uuid)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
