import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { formatPhone } from '../../../../domain/accounts/phone';
import { productName } from '../../../../domain/brand';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * `/notifications/unsubscribe/{token}`, the link in every notification e-mail: one click turns that
 * category off (the page posts on opening, so a mail scanner's GET changes nothing), says which it
 * was, and offers Undo.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const change = useUnsubscribe();
  const asked = useRef(false);
  useDocumentTitle(`Unsubscribe · ${productName}`);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    change.mutate({ token, undo: false });
  }, [change, token]);

  const view = change.data;
  const destination =
    view &&
    (view.notificationMethod === 'Phone'
      ? formatPhone(view.notificationDestination)
      : view.notificationDestination);
  const category = view ? `${view.category}${view.branchName ? ` for ${view.branchName}` : ''}` : '';
  return (
    <Container size="sm" py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        {change.isError ? (
          <Alert color="red" variant="light" title="We couldn't unsubscribe you">
            {change.error.message}
          </Alert>
        ) : !view ? (
          <Stack align="center" py="xl">
            <Loader aria-label="Unsubscribing" />
          </Stack>
        ) : view.refusal ? (
          <Stack>
            <Title order={1} fz={24}>
              {category} stays on
            </Title>
            <Alert color="orange" variant="light">
              {view.refusal}
            </Alert>
            <Text size="sm" c="dimmed">
              Ask an administrator of {view.organizationName} to add another e-mail contact on the company's
              Notifications tab.
            </Text>
          </Stack>
        ) : view.active ? (
          <Stack>
            <IconBellRinging size={36} aria-hidden />
            <Title order={1} fz={24}>
              You're subscribed again
            </Title>
            <Text>
              {destination} will receive {category} notifications from {view.organizationName} again.
            </Text>
          </Stack>
        ) : (
          <Stack>
            <IconBellOff size={36} aria-hidden />
            <Title order={1} fz={24}>
              You're unsubscribed
            </Title>
            <Text data-testid="unsubscribed-category">
              {destination} will no longer receive <strong>{category}</strong> notifications from{' '}
              {view.organizationName}.
            </Text>
            <Button
              variant="default"
              w="fit-content"
              loading={change.isPending}
              onClick={() => change.mutate({ token, undo: true })}
            >
              Undo
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
