import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useRef } from "react";
import { buttonStyles } from "./button-styles.ts";

/**
 * A small modal message: `role="alertdialog"` for a failure (spec §8: the message and an OK button,
 * which takes the focus), `role="dialog"` for a result with choices. Escape closes it; the focus
 * returns to `returnFocusTo` (the control that started the action) when given.
 */
export function MessageDialog({
  open,
  onClose,
  tone,
  title,
  children,
  actions,
  returnFocusTo,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  tone: "alert" | "info";
  title: ReactNode;
  children: ReactNode;
  /** The buttons; the element marked `data-autofocus` gets the focus on open. */
  actions: ReactNode;
  returnFocusTo?: { current: HTMLElement | null };
  testId?: string;
}) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          ref={content}
          role={tone === "alert" ? "alertdialog" : "dialog"}
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            const target = content.current?.querySelector<HTMLElement>("[data-autofocus]");
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo?.current) {
              event.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-xl"
        >
          <Dialog.Title className="text-xl font-extrabold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-base text-slate-800">{children}</div>
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A MessageDialog whose only button is OK (which takes the focus and closes it). */
export function OkMessageDialog({
  okLabel,
  ...props
}: Omit<Parameters<typeof MessageDialog>[0], "actions"> & { okLabel: string }) {
  return (
    <MessageDialog
      {...props}
      actions={
        <button type="button" data-autofocus className={buttonStyles.primary} onClick={props.onClose}>
          {okLabel}
        </button>
      }
    />
  );
}
