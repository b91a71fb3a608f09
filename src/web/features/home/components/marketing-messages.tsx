import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { audienceColor } from '../../../../domain/marketing/marketing-audiences';
import type { MarketingMessage } from '../../../../domain/marketing/marketing-messages';
import { useCurrentUser } from '../../../api/current-user';
import { useMarketingMessages } from '../api/marketing-messages';

/** Where dismissed message ids are kept, so a dismissed message stays gone after a reload. */
export const dismissedMessagesStorageKey = 'hedgerow.dismissedMarketingMessages';

function readDismissed(): number[] {
  try {
    const stored = JSON.parse(localStorage.getItem(dismissedMessagesStorageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function writeDismissed(ids: number[]) {
  try {
    localStorage.setItem(dismissedMessagesStorageKey, JSON.stringify(ids));
  } catch {
    // Storage may be full or blocked; the message still hides for this visit.
  }
}

function CallToAction({ message }: { message: MarketingMessage }) {
  if (!message.ctaUrl || !message.ctaButtonLabel) return null;
  const internal = message.ctaUrl.startsWith('/');
  // The primary colour, not the audience's: white on the audience's orange, blue or grey reads at
  // 2.6 to 3.6:1, below WCAG AA; the alert around it already carries the audience's colour.
  const common = {
    size: 'xs' as const,
    variant: 'filled' as const,
    mt: 'sm',
    'data-event-label': message.ctaEventLabel ?? undefined,
  };
  return internal ? (
    <Button component={Link} to={message.ctaUrl} {...common}>
      {message.ctaButtonLabel}
    </Button>
  ) : (
    <Button component="a" href={message.ctaUrl} target="_blank" rel="noopener noreferrer" {...common}>
      {message.ctaButtonLabel}
    </Button>
  );
}

/**
 * The signed-in user's marketing messages (spec part 1 §2.1): coloured by audience, with an optional
 * call to action, each dismissible; dismissals are kept in local storage. Nothing while loading.
 */
export function MarketingMessages() {
  const { user } = useCurrentUser();
  const messages = useMarketingMessages(Boolean(user));
  const [dismissed, setDismissed] = useState<number[]>(readDismissed);
  const shown = (messages.data?.results ?? []).filter((message) => !dismissed.includes(message.id));
  if (shown.length === 0) return null;

  const dismiss = (id: number) => {
    // Read storage again: another tab may have dismissed others meanwhile; a repeat changes nothing.
    const next = [...new Set([...readDismissed(), ...dismissed, id])];
    writeDismissed(next);
    setDismissed(next);
  };

  return (
    <Stack gap="sm" data-testid="marketing-messages">
      {shown.map((message) => (
        <Alert
          key={message.id}
          color={audienceColor(message.audience)}
          variant="light"
          radius="md"
          title={message.title}
          icon={<IconSpeakerphone size={20} />}
          // A message is not urgent: a labelled region, not an alert that interrupts a screen reader.
          role="region"
          withCloseButton
          closeButtonLabel={`Dismiss ${message.title}`}
          onClose={() => dismiss(message.id)}
          data-testid="marketing-message"
          data-audience={message.audience}
          data-event-label={message.eventLabel ?? undefined}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {message.message}
          </Text>
          <CallToAction message={message} />
        </Alert>
      ))}
    </Stack>
  );
}
