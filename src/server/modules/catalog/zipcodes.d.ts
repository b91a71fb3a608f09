// The parts of the untyped `zipcodes` package (US + Canada postal codes → coordinates) we use.
declare module 'zipcodes' {
  export type ZipCodeInfo = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  /** A US zip (5 digits) or a Canadian postal code (looked up by its first three characters). */
  export function lookup(zip: string | number): ZipCodeInfo | undefined;
  /** Every zip of a state or province (two-letter code). */
  export function lookupByState(state: string): ZipCodeInfo[];
  const zipcodes: { lookup: typeof lookup; lookupByState: typeof lookupByState };
  export default zipcodes;
}
