import { describe, expect, it } from 'vitest';
import {
  regionName,
  stateQuerySchema,
  supplierRadiusLabel,
  supplierRadiusQuerySchema,
  supplierRadiusValues,
} from './supplier-queries';

describe('supplier directory queries', () => {
  it('takes only the radius choices of the spec, any meaning no limit', () => {
    expect(supplierRadiusValues).toEqual(['any', '10', '25', '50', '100', '150', '200', '250']);
    expect(supplierRadiusQuerySchema.parse('25')).toBe(25);
    expect(supplierRadiusQuerySchema.parse('any')).toBeNull();
    expect(supplierRadiusQuerySchema.safeParse('30').success).toBe(false);
    expect(supplierRadiusQuerySchema.safeParse('-10').success).toBe(false);
  });

  it('labels radius choices for people', () => {
    expect(supplierRadiusLabel('any')).toBe('Any distance');
    expect(supplierRadiusLabel('100')).toBe('100 miles');
  });

  it('reads state and province codes in any case and names them', () => {
    expect(stateQuerySchema.parse('nc')).toBe('NC');
    expect(stateQuerySchema.parse('ON')).toBe('ON');
    expect(stateQuerySchema.safeParse('ZZ').success).toBe(false);
    expect(regionName('NC')).toBe('North Carolina');
    expect(regionName('BC')).toBe('British Columbia');
    expect(regionName('XX')).toBe('XX');
  });
});
