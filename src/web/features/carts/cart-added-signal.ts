import { useEffect, useState } from 'react';

/** How long the header cart button shows its check icon after an item is added. */
export const cartAddedIconMs = 2000;

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells the header cart button that an item was just added (it shows a check icon for a moment). */
export function signalCartAdded() {
  for (const listener of listeners) listener();
}

/** Subscribes to "an item was added"; returns the unsubscribe function. */
export function onCartAdded(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True for `cartAddedIconMs` after each add (a later add restarts the wait). */
export function useRecentlyAdded() {
  const [recent, setRecent] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onCartAdded(() => {
      setRecent(true);
      clearTimeout(timer);
      timer = setTimeout(() => setRecent(false), cartAddedIconMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return recent;
}
