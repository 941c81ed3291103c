import {
  type ComponentType,
  cloneElement,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useT } from "@/lib/i18n";
import { connection, whenConnected } from "@/lib/realtime/connection";
import { showAlert } from "@/lib/ui/alerts";
import { whenUsedAndIdle } from "@/lib/ui/when-idle";

/** What a lazily loaded menu gets besides its own props: its trigger, and how to start. */
export type LazyMenuProps = {
  /** The trigger button (wrapped in the menu's trigger, asChild). */
  trigger: ReactElement;
  /** Open at once: the trigger was pressed before the menu's code was here. */
  defaultOpen: boolean;
};

type Loader<P> = () => Promise<{ default: ComponentType<P & LazyMenuProps> }>;

/** Menus already loaded, so later mounts render them at once (no swap). */
const loaded = new Map<Loader<never>, ComponentType<never>>();

const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/**
 * A menu whose code (Radix's menu and the menu's content) is not in the page's first load (issue
 * 19: ≈ 9 KB gzip of every list page), or a popover or dialog the same way (a combobox's list, the
 * notifications, the account dialog, the phone's drawer and filter sheet): its trigger renders at
 * once as a plain button and the menu
 * loads when the browser is idle after the page's first input (lib/when-idle.ts: a page only
 * watched loads none), or as soon as the pointer or the keyboard focus reaches the trigger. A press before it has loaded opens the menu once it is here; the
 * keyboard focus stays on the trigger across the swap.
 */
export function LazyMenu<P extends object>({
  load,
  trigger,
  props,
}: {
  load: Loader<P>;
  trigger: ReactElement<{ onPointerDown?: (e: PointerEvent) => void; onKeyDown?: (e: KeyboardEvent) => void }>;
  props: P;
}) {
  const [Menu, setMenu] = useState(
    () => (loaded.get(load as Loader<never>) as ComponentType<P & LazyMenuProps>) ?? null,
  );
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);

  const t = useT();
  const pressed = useRef(false);
  const start = useRef((_retry?: boolean) => {});
  start.current = (retry = true) => {
    if (Menu) return;
    load().then(
      (module) => {
        loaded.set(load as Loader<never>, module.default as ComponentType<never>);
        setMenu(() => module.default);
      },
      () => {
        // Offline, or a new deployment removed the chunk: the next press tries again. Someone who
        // pressed is told; a failed load in the background is not their problem yet.
        if (!pressed.current) return;
        // The server is gone: the connection banner says so once; the menu opens when it is back.
        void connection.check().then((up) => {
          if (up) return failed(retry);
          void whenConnected().then(() => start.current());
        });
      },
    );
  };
  const failed = (retry: boolean) => {
    // A press while a load in the background was still failing joined that fetch (the browser
    // fetches a module once at a time): its failure may be stale, so the press tries once more.
    if (retry) return start.current(false);
    pressed.current = false;
    setOpenOnLoad(false);
    showAlert({ type: "error", message: t("menu.loadFailed") });
  };
  const press = () => {
    pressed.current = true;
    setOpenOnLoad(true);
    start.current();
  };

  useEffect(() => {
    if (Menu) return;
    // A trigger this screen hides (the phone's menu button on a desktop) waits for a pointer or focus.
    const go = () => {
      const button = box.current?.querySelector("button");
      if (!button || typeof button.checkVisibility !== "function" || button.checkVisibility()) start.current();
    };
    return whenUsedAndIdle(go, 2000);
  }, [Menu]);

  // The swap replaces the trigger's element: the focus goes with it.
  useLayoutEffect(() => {
    if (Menu && focused.current) box.current?.querySelector("button")?.focus();
  }, [Menu]);

  const placeholder = () =>
    cloneElement(trigger, {
      // A combobox's trigger says "listbox" itself.
      "aria-haspopup": (trigger.props as { "aria-haspopup"?: string })["aria-haspopup"] ?? "menu",
      "aria-expanded": false,
      // Pressed, and the code is still on its way (a slow network): the pointer says so.
      "aria-busy": openOnLoad || undefined,
      onPointerEnter: () => start.current(),
      onFocus: () => {
        focused.current = true;
        start.current();
      },
      onBlur: () => {
        focused.current = false;
      },
      onPointerDown: (event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        press();
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        press();
      },
    } as Record<string, unknown>);

  return (
    <span ref={box} className="contents">
      {Menu ? <Menu {...props} trigger={trigger} defaultOpen={openOnLoad} /> : placeholder()}
    </span>
  );
}
