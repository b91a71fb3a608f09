import { type SQL, sql } from 'drizzle-orm';

const earthRadiusMiles = 3958.7613;

/** Great-circle (haversine) distance in miles from a point to the coordinates in two SQL columns. */
export function distanceMilesSql(
  latitudeColumn: SQL,
  longitudeColumn: SQL,
  latitude: number,
  longitude: number,
) {
  return sql`(2 * ${earthRadiusMiles}::float8 * asin(sqrt(
        power(sin(radians(${latitudeColumn} - ${latitude}::float8) / 2), 2) +
        cos(radians(${latitude}::float8)) * cos(radians(${latitudeColumn})) * power(sin(radians(${longitudeColumn} - ${longitude}::float8) / 2), 2))))`;
}
