import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-page';

type Props = { children: ReactNode; fallback?: ReactNode; resetKey?: string };
type State = { failed: boolean; resetKey?: string };

/** Catches render failures below it; the page shows the rough-patch fallback and the shell stays. */
export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  // Navigating elsewhere gives the new page a fresh chance to render.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.failed) return this.props.fallback ?? <ErrorFallback />;
    return this.props.children;
  }
}
