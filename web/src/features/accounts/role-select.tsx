import type { Role } from "@contracts/spaces/schema";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

type RoleSelectProps = {
  id: string;
  label: string;
  roles: readonly Role[];
  value: string;
  onChange: (roleUuid: string) => void;
};

/** A labelled choice among the space's roles (an invitation row, Change role). */
export function RoleSelect({ id, label, roles, value, onChange }: RoleSelectProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {roles.map((role) => (
          <option key={role.uuid} value={role.uuid}>
            {role.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
