import { useEffect, useRef } from 'react';

/**
 * A wizard's focus follows its step: when the step changes (not when the wizard first shows), focus
 * moves to the first heading inside the returned ref's element, so a keyboard starts at the new step
 * and a screen reader announces it, instead of staying on a button that is gone.
 */
export function useStepFocus<T extends HTMLElement>(step: string) {
  const container = useRef<T>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = step;
    if (previous === null || previous === step) return;
    const heading = container.current?.querySelector<HTMLElement>('h1, h2, h3, h4');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);
  return container;
}
