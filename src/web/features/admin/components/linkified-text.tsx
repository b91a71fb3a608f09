import { Anchor } from '@mantine/core';

const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;

type Segment = { start: number; text: string; isUrl: boolean };

function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index;
    if (start > cursor) segments.push({ start: cursor, text: text.slice(cursor, start), isUrl: false });
    segments.push({ start, text: match[0], isUrl: true });
    cursor = start + match[0].length;
  }
  if (cursor < text.length) segments.push({ start: cursor, text: text.slice(cursor), isUrl: false });
  return segments;
}

/** Plain text with its web addresses made clickable (they open in a new tab). */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {segmentsOf(text).map((segment) =>
        segment.isUrl ? (
          <Anchor
            key={segment.start}
            href={segment.text}
            target="_blank"
            rel="noreferrer"
            inherit
            style={{ overflowWrap: 'anywhere' }}
          >
            {segment.text}
          </Anchor>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </>
  );
}
