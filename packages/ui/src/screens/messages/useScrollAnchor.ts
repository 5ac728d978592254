import { useLayoutEffect, useRef } from 'react';

/** Within this distance of the bottom, the view follows new messages. */
const NEAR_BOTTOM_PX = 120;

/**
 * Scrolling a thread: it starts at the newest message, follows new ones (and the member's own, and the
 * typing line) when near the bottom, and keeps the view still when older messages are put in front.
 * `changed` is anything else that changes the height at the bottom (the typing indicator).
 */
export function useScrollAnchor({
  firstId,
  lastId,
  pendingCount,
  changed,
}: {
  firstId: number | undefined;
  lastId: number | undefined;
  pendingCount: number;
  changed: unknown;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: number; last?: number; height: number; count: number }>({
    height: 0,
    count: 0,
  });

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const before = previous.current;
    if (
      before.first !== undefined &&
      firstId !== undefined &&
      firstId < before.first &&
      lastId === before.last
    ) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (nearBottom.current || lastId !== before.last || pendingCount !== before.count) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { first: firstId, last: lastId, height: element.scrollHeight, count: pendingCount };
  }, [firstId, lastId, pendingCount, changed]);

  /** For the scroll area's position changes: remembers whether the view is near the bottom. */
  const onScroll = (y: number) => {
    const element = viewport.current;
    if (element) nearBottom.current = element.scrollHeight - element.clientHeight - y < NEAR_BOTTOM_PX;
  };

  return { viewport, onScroll };
}
