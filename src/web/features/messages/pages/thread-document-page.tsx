import { Alert, Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadFile, genericErrorMessage } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { attachmentApiPath } from '../api/messages-api';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : genericErrorMessage;

/** /downloads/thread_documents/{id}: fetches a message attachment with the token (parties only). */
export function ThreadDocumentPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const start = useCallback(async () => {
    if (id === null) return;
    setError(null);
    try {
      await downloadFile(attachmentApiPath(id), { download: '1' });
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [id]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  if (id === null) return <NotFoundContent />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          Your download should start in a moment
        </Title>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="download-error">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={<IconDownload size={16} />} onClick={() => void start()}>
            Download again
          </Button>
          <Anchor component={Link} to={paths.messages}>
            Back to messages
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
