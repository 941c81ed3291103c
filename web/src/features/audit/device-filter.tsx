import "@/lib/i18n/locales/en-audit";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Combobox } from "@/components/ui/combobox";
import { deviceQueries } from "@/features/devices/queries";
import { useT } from "@/lib/i18n";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

/** The device to narrow the log to, searched on the server by name; "" is any device. */
export function DeviceFilter({
  space,
  value,
  onChange,
}: {
  space: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const t = useT();
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), 300);
  const list = useInfiniteQuery(deviceQueries.list(space, search ? { search } : {}));
  const names = useRef(new Map<string, string>());
  const options = useMemo(() => {
    const devices = list.data?.pages[0]?.devices ?? [];
    for (const d of devices) names.current.set(d.uuid, d.name);
    return [
      { value: "", label: t("audit.filter.anyDevice") },
      ...devices.map((d) => ({ value: d.uuid, label: d.name })),
    ];
  }, [list.data, t]);
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
      <span aria-hidden="true">{t("audit.filter.device")}</span>
      <Combobox
        value={value}
        onChange={onChange}
        options={options}
        placeholder={t("audit.filter.device")}
        searchLabel={t("audit.filter.searchDevices")}
        emptyText={t("common.noMatches")}
        aria-label={t("audit.filter.device")}
        onQueryChange={setQuery}
        loading={list.isFetching}
        labelOf={(uuid) => names.current.get(uuid)}
        className="h-8 w-full text-sm sm:w-52"
      />
    </div>
  );
}
