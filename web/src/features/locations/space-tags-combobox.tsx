import { TAG_NAME_MAX } from "@contracts/tags/schema";
import { useQuery } from "@tanstack/react-query";
import { MultiCombobox } from "@/components/ui/multi-combobox";
import { useCurrentSpace } from "@/features/session/current-space";
import type { MessageKey } from "@/lib/i18n";
import { tagQueries } from "./queries";
import { useCreateTag } from "./use-create-tag";

type SpaceTagsComboboxProps = {
  id: string;
  values: string[];
  onChange: (values: string[]) => void;
  addLabel: string;
  createLabel: (name: string) => string;
  /** The alert shown when creating a tag fails. */
  failed: MessageKey;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * The space's tags as chips: pick one or create one (POST /tag/add/, TAG_NAME_MAX characters),
 * which is chosen at once. One picker for the location and device forms.
 */
export function SpaceTagsCombobox({
  values,
  onChange,
  addLabel,
  createLabel,
  failed,
  ...rest
}: SpaceTagsComboboxProps) {
  const { space } = useCurrentSpace();
  const tags = useQuery(tagQueries.list(space.space_uuid));
  const create = useCreateTag(failed);
  return (
    <MultiCombobox
      {...rest}
      values={values}
      onChange={onChange}
      options={(tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name }))}
      addLabel={addLabel}
      create={{
        maxLength: TAG_NAME_MAX,
        label: createLabel,
        onCreate: (name) =>
          create.mutate(name, { onSuccess: (tag) => onChange([...values.filter((v) => v !== tag.uuid), tag.uuid]) }),
      }}
    />
  );
}
