// Focus after a render: an error's field, or a field that the same update brings into the page (the
// code field once the code is sent). Asked from event handlers, done in an effect after the commit.
import { useEffect, useRef, type RefObject } from 'react';

export function useFocusLater() {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (!target?.current) return;
    pending.current = null;
    target.current.focus();
  });
  return (target: RefObject<HTMLElement | null>) => {
    // Already in the page (the same error again renders nothing new): at once; otherwise after the render.
    if (target.current) target.current.focus();
    else pending.current = target;
  };
}
