import { describe, expect, it } from 'vitest';
import {
  canadianProvinces,
  companyRoles,
  companySizes,
  companyTypes,
  countries,
  projectTypes,
  surveyIntents,
  usStates,
} from './options';

describe('fixed option lists', () => {
  it('offers the five company sizes in ascending order', () => {
    expect(companySizes).toEqual(['1-5', '6-20', '21-50', '51-100', '101+']);
  });

  it('offers ten company roles ending with Other', () => {
    expect(companyRoles).toHaveLength(10);
    expect(companyRoles.at(-1)).toBe('Other');
    expect(companyRoles).toContain('Logistics Coordinator/Scheduler');
  });

  it('spells the nineteen company types as the spec does', () => {
    expect(companyTypes).toHaveLength(19);
    expect(companyTypes).toContain('Landscape Architect / Designer');
    expect(companyTypes).toContain('Hybrid: Grower / Distributor');
    expect(companyTypes).toContain('Sport / Entertainment / Hotel / Medical');
    expect(companyTypes.at(-1)).toBe('Other');
  });

  it('offers eight project types including Solar farms', () => {
    expect(projectTypes).toHaveLength(8);
    expect(projectTypes).toContain('Solar farms');
  });

  it('lists all fifty states plus DC and Guam with unique codes', () => {
    expect(usStates).toHaveLength(52);
    expect(new Set(usStates.map((state) => state.code)).size).toBe(52);
    expect(usStates).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(usStates).toContainEqual({ code: 'GU', name: 'Guam' });
    expect(usStates[0]).toEqual({ code: 'AL', name: 'Alabama' });
  });

  it('lists the thirteen Canadian provinces and territories with unique codes', () => {
    expect(canadianProvinces).toHaveLength(13);
    expect(new Set(canadianProvinces.map((province) => province.code)).size).toBe(13);
    expect(canadianProvinces).toContainEqual({ code: 'YT', name: 'Yukon' });
  });

  it('labels the region field State for the USA and Province/Territory for Canada', () => {
    expect(countries).toEqual([
      { code: 'USA', label: 'USA', regionLabel: 'State' },
      { code: 'CAN', label: 'Canada', regionLabel: 'Province/Territory' },
    ]);
  });

  it('offers the survey intents in the order the spec lists them', () => {
    expect(surveyIntents).toEqual([
      'Order Material',
      'Search and Exploration',
      'Supplier Search',
      'Create a Quote',
      'Logistics',
      'Product Search',
      'Supplier Signup',
      'Other',
    ]);
  });
});
