import { Alert, Button, FileInput, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import {
  attachmentAccept,
  attachmentTypes,
  maxAttachmentBytes,
  maxAttachmentsPerMessage,
  maxMessageLength,
  messageTexts,
} from '../../../../domain/messages/message-types';
import { ApiError } from '../../../api/client';
import { useReply } from '../api/messages-api';

/** What is wrong with the reply before it is sent, the server's own messages. */
export function replyProblem(
  content: string,
  files: readonly File[],
): { field: 'content' | 'files'; message: string } | null {
  if (!content.trim()) return { field: 'content', message: messageTexts.contentRequired };
  if (content.trim().length > maxMessageLength)
    return { field: 'content', message: messageTexts.contentTooLong };
  if (files.length > maxAttachmentsPerMessage)
    return { field: 'files', message: messageTexts.tooManyAttachments };
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!attachmentTypes[extension]) return { field: 'files', message: messageTexts.attachmentType };
    if (file.size > maxAttachmentBytes) return { field: 'files', message: messageTexts.attachmentTooLarge };
  }
  return null;
}

/** The reply box under a thread: free text with attachments (PDF, images, spreadsheets; 10 MB each). */
export function ReplyBox({ threadId }: { threadId: number }) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<{ field: 'content' | 'files'; message: string } | null>(null);
  const reply = useReply(threadId);
  const send = () => {
    const found = replyProblem(content, files);
    setProblem(found);
    if (found) return;
    reply.mutate(
      { content: content.trim(), files },
      {
        onSuccess: () => {
          setContent('');
          setFiles([]);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          setProblem({
            field: fields.files ? 'files' : 'content',
            message: error instanceof Error ? error.message : messageTexts.contentRequired,
          });
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" data-testid="reply-box">
      <Stack gap="sm">
        <Textarea
          label="Reply"
          placeholder="Write a message"
          autosize
          minRows={3}
          maxRows={12}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          error={problem?.field === 'content' ? problem.message : undefined}
          maxLength={maxMessageLength + 100}
        />
        <FileInput
          label="Attachments"
          placeholder="PDF, image or spreadsheet, up to 10 MB each"
          multiple
          clearable
          accept={attachmentAccept}
          leftSection={<IconPaperclip size={16} />}
          value={files}
          onChange={(value) => setFiles(value ?? [])}
          error={problem?.field === 'files' ? problem.message : undefined}
          data-testid="reply-files"
        />
        {reply.isError && !problem && (
          <Alert color="red" variant="light">
            {reply.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button leftSection={<IconSend size={16} />} onClick={send} loading={reply.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
