import { type RefObject, useEffect, useState } from "react";

/**
 * The element behind a parent's ref, for a child that needs it (a virtualizer's scroll
 * container). React attaches a parent's ref only after its children's layout effects have run,
 * so a list that mounts in the same render as its scroll container (a page opened again with its
 * data already cached) reads null there, and a virtualizer then shows no rows until something
 * else re-renders it. This reads the ref once the commit is done and re-renders with it.
 */
export function useRefElement<T extends Element>(ref: RefObject<T | null>): T | null {
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    setElement(ref.current);
  }, [ref]);
  return element;
}
