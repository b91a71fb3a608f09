import { mappingBannerMessage } from '../../../../domain/hubsheets/hubsheet-schemas';

/** The import wizard's own texts (the validation messages live in src/domain/hubsheets/hubsheet-schemas). */
export const headersCheckboxLabel = 'My file contains column headers in the first row';
export const deleteHubsheetQuestion = 'Are you sure you want to delete this hubsheet?';
export const landingLocationHint = 'Use the location where the material will be landed.';

/** 'Assign Product Name, Size and Quantity to a row to proceed. …' naming only the kinds still missing. */
export function mappingBanner(missing: string[]): string {
  const kinds =
    missing.length <= 1 ? missing.join('') : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return mappingBannerMessage.replace('...', kinds);
}

/** Part 2 §2 and §9: the loading screen's messages, the next after 1000 ms. */
export const loadingMessages = [
  'Reading your list',
  'Searching local nurseries',
  'Matching plant names to the catalog',
  'Reading sizes and containers',
  'Gathering market prices',
  'Almost there',
];
export const loadingMessageIntervalMs = 1000;
/** Part 2 §9: how long the 'not a CSV' notice stays. */
export const badFileNoticeMs = 20_000;
export const acceptedExtensions = ['.csv', '.xls', '.xlsx'];
