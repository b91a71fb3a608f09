import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: none on the first render, then one more after each commit, each
 * step in a task of its own (an interruptible transition). A page of many cards is then drawn as many
 * short tasks instead of one long one that holds a slow phone's main thread (its taps wait behind it),
 * and the part above them paints first.
 */
export function useStaggeredReveal(total: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
