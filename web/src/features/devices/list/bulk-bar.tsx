import "@/lib/i18n/locales/en-bulk";
import { DEVICE_BULK_ACTIONS, type DeviceBulkAction } from "@contracts/bulk/schema";
import { useQuery } from "@tanstack/react-query";
import { ArchiveIcon, MapPinIcon, PowerIcon, PowerOffIcon, RotateCwIcon, TagIcon, TagsIcon, XIcon } from "lucide-react";
import { type ComponentType, useId, useState } from "react";
import { FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Combobox } from "@/components/ui/combobox";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { tagQueries } from "@/features/locations/queries";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import type { BulkParams } from "./use-bulk-run";
import type { DeviceSelection } from "./use-device-selection";

const ICONS: Record<DeviceBulkAction, ComponentType<{ className?: string; "aria-hidden"?: boolean }>> = {
  reboot: RotateCwIcon,
  enable: PowerIcon,
  disable: PowerOffIcon,
  add_tag: TagIcon,
  remove_tag: TagsIcon,
  move_location: MapPinIcon,
  archive: ArchiveIcon,
};
const DESTRUCTIVE: ReadonlySet<DeviceBulkAction> = new Set(["reboot", "disable", "archive"]);

type BulkBarProps = {
  selection: DeviceSelection;
  /** Devices loaded in the list, and how many the filter matches. */
  loaded: number;
  total: number | undefined;
  onConfirm: (action: DeviceBulkAction, params: BulkParams) => void;
};

/**
 * The bar shown while devices are selected: the count, "Select all N matching"
 * when more match than are loaded, Clear, and the actions, each confirmed in a dialog naming the
 * count ("Reboot 12 devices?").
 */
export function BulkBar({ selection, loaded, total, onConfirm }: BulkBarProps) {
  const t = useT();
  const [action, setAction] = useState<DeviceBulkAction | null>(null);
  if (selection.count === 0 && !selection.allMatching) return null;
  const count = selection.allMatching ? (total ?? selection.count) : selection.count;
  const canSelectMore = !selection.allMatching && total !== undefined && total > loaded && selection.count === loaded;
  return (
    <>
      <section
        aria-label={t("bulk.actions")}
        className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-fit flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-popover px-3 py-2 text-popover-foreground shadow-lg md:bottom-5"
      >
        <div className="flex items-center gap-2 text-sm" aria-live="polite">
          <span className="font-medium tabular-nums">
            {selection.allMatching ? t("bulk.allMatching", { count }) : t("bulk.selected", { count })}
          </span>
          {canSelectMore && (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={selection.selectAllMatching}>
              {t("bulk.selectAllMatching", { count: total })}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon-sm"
            className="max-sm:size-11"
            aria-label={t("bulk.clear")}
            onClick={selection.clear}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
        {/* Every action is labelled: on a phone, icon over word in a grid (Add tag and Remove tag,
            Enable and Disable look alike as icons), each target at least 44 px tall. */}
        <div className="grid w-full grid-cols-4 gap-1 sm:flex sm:w-auto sm:flex-wrap sm:items-center">
          {DEVICE_BULK_ACTIONS.map((a) => {
            const Icon = ICONS[a];
            return (
              <Button
                key={a}
                variant="ghost"
                size="sm"
                className={cn(
                  "max-sm:h-auto max-sm:min-h-11 max-sm:flex-col max-sm:gap-0.5 max-sm:px-1 max-sm:text-[11px] max-sm:leading-tight",
                  DESTRUCTIVE.has(a) && "text-destructive hover:text-destructive",
                )}
                onClick={() => setAction(a)}
              >
                <Icon aria-hidden={true} />
                <span className="max-sm:whitespace-normal max-sm:text-center">{t(`bulk.action.${a}`)}</span>
              </Button>
            );
          })}
        </div>
      </section>
      <BulkConfirm
        action={action}
        count={count}
        onClose={() => setAction(null)}
        onConfirm={(params) => {
          if (action) onConfirm(action, params);
          setAction(null);
        }}
      />
    </>
  );
}

type BulkConfirmProps = {
  action: DeviceBulkAction | null;
  count: number;
  onClose: () => void;
  onConfirm: (params: BulkParams) => void;
};

/** "Reboot 12 devices?" with what the action needs: a tag, a location, or queueing for offline devices. */
function BulkConfirm({ action, count, onClose, onConfirm }: BulkConfirmProps) {
  const t = useT();
  const id = useId();
  const { space } = useCurrentSpace();
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const kind = shown ?? "reboot";
  const needsTag = kind === "add_tag" || kind === "remove_tag";
  const needsLocation = kind === "move_location";
  // Fresh on each opening: a tag or location added meanwhile is offered.
  const tags = useQuery({ ...tagQueries.list(space.space_uuid), enabled: action !== null && needsTag, staleTime: 0 });
  const [tag, setTag] = useState("");
  const [location, setLocation] = useState("");
  const { options: locationOptions, ...locationSearch } = useLocationOptions(space.space_uuid, {
    enabled: action !== null && needsLocation,
    selected: location ? [location] : [],
  });
  const [queueOffline, setQueueOffline] = useState(false);
  const close = () => {
    setTag("");
    setLocation("");
    setQueueOffline(false);
    onClose();
  };
  const params: BulkParams = needsTag
    ? { tag_uuid: tag }
    : needsLocation
      ? { location_uuid: location }
      : kind === "reboot" && queueOffline
        ? { queue_offline: true }
        : {};
  const Icon = ICONS[kind];
  return (
    <FormDialog
      open={action !== null}
      onClose={close}
      className="max-w-md"
      title={t(`bulk.confirm.${kind}`, { count })}
      description={t(`bulk.text.${kind}`)}
      label={t(`bulk.action.${kind}`)}
      icon={<Icon aria-hidden={true} />}
      destructive={DESTRUCTIVE.has(kind)}
      pending={false}
      disabled={(needsTag && !tag) || (needsLocation && !location)}
      onConfirm={() => {
        onConfirm(params);
        setTag("");
        setLocation("");
        setQueueOffline(false);
      }}
    >
      {needsTag && <Choice id={`${id}-tag`} label={t("bulk.tag")} value={tag} onChange={setTag} options={tags.data} />}
      {needsLocation && (
        // A space may hold thousands of locations: searched on the server as the user types.
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-location`}>{t("bulk.location")}</Label>
          <Combobox
            id={`${id}-location`}
            value={location}
            onChange={setLocation}
            options={locationOptions}
            {...locationSearch}
            placeholder={t("bulk.choose")}
            searchLabel={t("common.search")}
            emptyText={t("common.noMatches")}
          />
        </div>
      )}
      {kind === "reboot" && (
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-queue`}
            checked={queueOffline}
            onCheckedChange={(value) => setQueueOffline(value === true)}
          />
          <Label htmlFor={`${id}-queue`} className="font-normal">
            {t("bulk.queueOffline")}
          </Label>
        </div>
      )}
    </FormDialog>
  );
}

type ChoiceProps = {
  id: string;
  label: string;
  value: string;
  onChange: (uuid: string) => void;
  options: readonly { uuid: string; name: string }[] | undefined;
};

/** A labelled choice of a tag or location ("Choose…" first). */
function Choice({ id, label, value, onChange, options }: ChoiceProps) {
  const t = useT();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("bulk.choose")}</option>
        {(options ?? []).map((x) => (
          <option key={x.uuid} value={x.uuid}>
            {x.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
