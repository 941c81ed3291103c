import type { ComponentProps, ReactNode } from "react";
import { FormButtons, type FormButtonsProps } from "@/components/form-footer";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

type DialogShellProps = Omit<ComponentProps<typeof DialogContent>, "title" | "onSubmit"> & {
  open: boolean;
  /** Esc, the close button or a click outside asks to close. */
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  /** With it the body and footer are a form: Enter in a field submits it. */
  onSubmit?: () => void;
  /** The form skips the browser's own checks (the server's answer shows under each field). */
  noValidate?: boolean;
  /** The buttons under the body. */
  footer?: ReactNode;
};

/** A dialog with a title, a description, a body and buttons, the body optionally a form. */
export function DialogShell(props: DialogShellProps) {
  const {
    open,
    onClose,
    title,
    description,
    descriptionClassName,
    onSubmit,
    noValidate,
    footer,
    children,
    ...content
  } = props;
  const inner = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
      </DialogHeader>
      {children}
      {footer && <DialogFooter>{footer}</DialogFooter>}
    </>
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent {...content}>
        {onSubmit ? (
          <form
            className="grid gap-4"
            noValidate={noValidate}
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {inner}
          </form>
        ) : (
          inner
        )}
      </DialogContent>
    </Dialog>
  );
}

type FormDialogProps = Omit<DialogShellProps, "footer" | "onSubmit"> &
  Omit<FormButtonsProps, "onCancel" | "onConfirm"> & {
    onConfirm: () => void;
    /** The body is a form whose submit (button or Enter) confirms. */
    form?: boolean;
  };

/**
 * A dialog asking for a confirmation or a few fields: title, description, body, then Cancel
 * (closes) and the action's button, spinning while it runs.
 */
export function FormDialog(props: FormDialogProps) {
  const {
    onConfirm,
    form = false,
    cancelLabel,
    label,
    pending,
    disabled,
    destructive,
    icon,
    describedBy,
    ...shell
  } = props;
  return (
    <DialogShell
      {...shell}
      onSubmit={form ? onConfirm : undefined}
      footer={
        <FormButtons
          onCancel={shell.onClose}
          cancelLabel={cancelLabel}
          label={label}
          pending={pending}
          disabled={disabled}
          onConfirm={form ? undefined : onConfirm}
          destructive={destructive}
          icon={icon}
          describedBy={describedBy}
        />
      }
    />
  );
}
