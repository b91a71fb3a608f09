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
  const words = botanical.split(/(\s+)/);
  return (
    <>
      {words.map((word, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed name
        /^\s*$/.test(word) || uprightWords.has(word) ? (
          <Fragment key={index}>{word}</Fragment>
        ) : (
          <em key={index}>{word}</em>
        ),
      )}
      {rest}
    </>
  );
}
