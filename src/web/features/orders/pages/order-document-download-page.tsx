import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadFile, genericErrorMessage } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { showError } from '../../../shell/toasts';
import { orderDocumentApiPath, orderDocumentTypes } from '../api/order-api';
import { documentLabels } from '../components/order-documents-card';
import { useOrderIdParam } from './use-order-id-param';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : genericErrorMessage;

/** /downloads/{id}/order_document?type=purchase_order|bill_of_lading: fetches the PDF with the token. */
export function OrderDocumentDownloadPage() {
  const id = useOrderIdParam();
  const [params] = useSearchParams();
  const requested = params.get('type');
  const type = orderDocumentTypes.find((entry) => entry === requested) ?? null;
  const versionParam = params.get('version');
  const version = versionParam && /^\d+$/.test(versionParam) ? Number(versionParam) : undefined;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const start = useCallback(async () => {
    if (id === null || type === null) return;
    setError(null);
    try {
      await downloadFile(orderDocumentApiPath(id, type, version));
    } catch (failure) {
      setError(messageOf(failure));
      showError(messageOf(failure));
    }
  }, [id, type, version]);
  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  if (id === null || type === null) return <NotFoundContent />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          Your download should start in a moment
        </Title>
        <Text c="dimmed">
          {documentLabels[type]}
          {version !== undefined ? ` · Version ${version}` : ''}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={<IconDownload size={16} />} onClick={() => void start()}>
            Download again
          </Button>
          <Anchor component={Link} to={paths.order(id)}>
            Back to the order
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
