import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts and confirmation dialogs appear. Nothing here is part of a first paint, so main.tsx loads
 * it beside the first page instead of in the entry chunk: `notifications.show` and `modals.open…` only
 * send events, which these components pick up once mounted (toasts shown earlier wait in the store).
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" />
    </>
  );
}
