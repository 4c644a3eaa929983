import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A list whose rows go once acted on (a confirmed contact check, a dismissed match) would take the
 * focus down with the row's button, to the top of the page. Give each row's control the ref from
 * `control(id)`, and call `removed(row)` once the action succeeded and the list without the row is
 * coming (its data read again): after that list is on the page, the focus moves to the control of
 * the row now in its place (or the last one), or to `whenEmpty` once no row is left.
 */
export function useFocusAfterRemoval<E extends HTMLElement>(
  ids: readonly string[],
  whenEmpty: RefObject<HTMLElement | null>,
) {
  const controls = useRef(new Map<string, E>());
  const [removedRow, setRemovedRow] = useState<number | null>(null);

  useEffect(() => {
    if (removedRow === null) return;
    setRemovedRow(null);
    const next = ids[Math.min(removedRow, ids.length - 1)];
    (next === undefined ? whenEmpty.current : controls.current.get(next))?.focus();
  }, [removedRow, ids, whenEmpty]);

  const control = useCallback(
    (id: string) => (element: E | null) => {
      if (!element) return;
      controls.current.set(id, element);
      return () => {
        controls.current.delete(id);
      };
    },
    [],
  );
  return { control, removed: setRemovedRow };
}
