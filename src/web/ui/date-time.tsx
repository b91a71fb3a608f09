import { Text } from '@mantine/core';
import dayjs from 'dayjs';

/** A moment as 'Mar 4, 2026 2:05 PM' (date only without withTime), or a dimmed fallback when there is none. */
export function DateTime({
  value,
  withTime = true,
  fallback = '—',
}: {
  value: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
}) {
  if (!value) {
    return (
      <Text span c="dimmed" inherit>
        {fallback}
      </Text>
    );
  }
  const moment = dayjs(value);
  return (
    <time
      dateTime={moment.toISOString()}
      title={moment.format('YYYY-MM-DD HH:mm:ss')}
      style={{ whiteSpace: 'nowrap' }}
    >
      {moment.format(withTime ? 'MMM D, YYYY h:mm A' : 'MMM D, YYYY')}
    </time>
  );
}
