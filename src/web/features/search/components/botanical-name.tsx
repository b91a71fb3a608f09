import { Fragment } from 'react';

const uprightWords = new Set(['var.', 'subsp.', 'ssp.', 'f.', 'x', '×', 'cv.']);

/**
 * A plant's botanical name set as botanists write it: genus and species in italics, rank words
 * (var., subsp.) and the quoted cultivar upright. Names without a common name (hard goods) stay
 * as they are.
 */
export function BotanicalName({ name, isPlant }: { name: string; isPlant: boolean }) {
  const quote = name.search(/['‘"“]/);
  const botanical = quote === -1 ? name : name.slice(0, quote);
  const rest = quote === -1 ? '' : name.slice(quote);
  if (!isPlant || !/^[A-Z×x]/.test(botanical.trim())) return <>{name}</>;
  // Keyed by where each word starts in the name.
  let offset = 0;
  const words = botanical.split(/(\s+)/).map((text) => {
    const word = { text, at: offset };
    offset += text.length;
    return word;
  });
  return (
    <>
      {words.map(({ text, at }) =>
        /^\s*$/.test(text) || uprightWords.has(text) ? (
          <Fragment key={at}>{text}</Fragment>
        ) : (
          <em key={at}>{text}</em>
        ),
      )}
      {rest}
    </>
  );
}
