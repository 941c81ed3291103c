import type { LucideProps } from "lucide-react";
import type { ComponentType } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

type ToolButtonProps = Omit<ButtonProps, "children" | "variant" | "size"> & {
  icon: ComponentType<LucideProps>;
  label: string;
};

/** A tool of the remote desktop viewer: icon and label, the label only for screen readers (and as a tooltip) on phones. */
export function ToolButton({ icon: Icon, label, ...props }: ToolButtonProps) {
  return (
    <Button variant="outline" size="sm" title={label} {...props}>
      <Icon aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Button>
  );
}
