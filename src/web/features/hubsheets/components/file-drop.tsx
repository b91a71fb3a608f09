import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { notSpreadsheetMessage as notCsvMessage } from '../../../../domain/hubsheets/hubsheet-schemas';
import { paths } from '../../../paths';
import { acceptedExtensions, badFileNoticeMs } from './wizard-messages';

const isAccepted = (file: File) => acceptedExtensions.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * Drag a spreadsheet here or browse for one. Only the first dropped file counts; anything but
 * .csv/.xls/.xlsx shows the converter message for 20 s.
 */
export function FileDrop({
  file,
  onFile,
  error,
  showConverterLink,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | null;
  showConverterLink: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejected, setRejected] = useState(false);

  useEffect(() => {
    if (!rejected) return;
    const timer = setTimeout(() => setRejected(false), badFileNoticeMs);
    return () => clearTimeout(timer);
  }, [rejected]);

  const take = (picked: File | undefined) => {
    if (!picked) return;
    if (!isAccepted(picked)) {
      setRejected(true);
      onFile(null);
      return;
    }
    setRejected(false);
    onFile(picked);
  };

  const borderColor =
    rejected || error
      ? 'var(--mantine-color-red-6)'
      : dragging
        ? 'var(--mantine-color-hedge-6)'
        : 'var(--mantine-color-gray-4)';
  return (
    <Stack gap={6}>
      <Box
        data-testid="hubsheet-file-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files[0]);
        }}
        p="xl"
        style={{
          border: `2px dashed ${borderColor}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: dragging ? 'var(--mantine-color-hedge-0)' : 'var(--mantine-color-gray-0)',
          textAlign: 'center',
        }}
      >
        <Stack gap="xs" align="center">
          {file ? (
            <IconFileSpreadsheet size={36} color="var(--mantine-color-hedge-7)" aria-hidden />
          ) : (
            <IconUpload size={36} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
          {file ? (
            <Text fw={600} data-testid="hubsheet-file-name">
              {file.name}
            </Text>
          ) : (
            <Text fw={600}>Drag and drop your list here</Text>
          )}
          <Text size="sm" c="dimmed">
            .csv, .xls or .xlsx
          </Text>
          <Group gap="xs" justify="center">
            <Button variant="default" size="sm" onClick={() => input.current?.click()}>
              {file ? 'Choose another file' : 'Browse for a file'}
            </Button>
            {file && (
              <Button variant="subtle" color="gray" size="sm" onClick={() => onFile(null)}>
                Remove
              </Button>
            )}
          </Group>
          <input
            ref={input}
            type="file"
            accept=".csv,.xls,.xlsx"
            hidden
            data-testid="hubsheet-file-input"
            onChange={(event) => {
              take(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </Stack>
      </Box>
      {rejected ? (
        <Text size="sm" c="red" role="alert" data-testid="hubsheet-file-rejected">
          {notCsvMessage}
          {showConverterLink && (
            <>
              {' '}
              <Anchor component={Link} to={paths.hubsheetFileConverter} size="sm">
                Open the file converter
              </Anchor>
            </>
          )}
        </Text>
      ) : (
        error && (
          <Text size="sm" c="red" data-testid="hubsheet-file-error">
            {error}
          </Text>
        )
      )}
      <Text size="xs" c="dimmed">
        Not sure how to lay out your list?{' '}
        <Anchor href={paths.hubsheetTemplate} size="xs">
          Download our standard template
        </Anchor>
      </Text>
    </Stack>
  );
}
