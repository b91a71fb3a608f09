import { NotFoundContent } from '../../../shell/not-found';

/** Any address the app does not know. */
export function NotFoundPage() {
  return <NotFoundContent />;
}
