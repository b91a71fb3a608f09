/** Company head-count bands offered on the sign-up, complete-profile and company profile forms. */
export const companySizes = ['1-5', '6-20', '21-50', '51-100', '101+'] as const;

/** One of the company head-count bands. */
export type CompanySize = (typeof companySizes)[number];

/** Roles a user can hold in their company; picking 'Other' asks for a free-text role. */
export const companyRoles = [
  'Purchaser',
  'Owner',
  'Sales/Customer Service',
  'Operations Manager',
  'Crew Leader',
  'Landscape Architect/Designer',
  'Accounting/Finance',
  'Project Manager',
  'Logistics Coordinator/Scheduler',
  'Other',
] as const;

/** One of the fixed company roles. */
export type CompanyRole = (typeof companyRoles)[number];

/** Kinds of business a company can declare; the spelling matches the spec because stored values are compared as text. */
export const companyTypes = [
  'Landscape Contractor',
  'Brokerage',
  'General Contractor',
  'Home Builder',
  'Land Development',
  'Landscape Architect / Designer',
  'Distributor',
  'Garden Center',
  'Grower',
  'Hybrid: Grower / Distributor',
  'Homeowner',
  'Association',
  'Botanical Garden',
  'Park District / Municipality',
  'Resort',
  'Sport / Entertainment / Hotel / Medical',
  'University / School',
  'Zoo / Golf Course',
  'Other',
] as const;

/** One of the fixed company types. */
export type CompanyType = (typeof companyTypes)[number];

/** Kinds of project a company works on; a company picks at least one. */
export const projectTypes = [
  'Residential Construction',
  'Residential Enhancements',
  'Commercial Construction',
  'Commercial Enhancements',
  'Inventory Stocking',
  'Restoration',
  'Solar farms',
  'Other',
] as const;

/** One of the fixed project types. */
export type ProjectType = (typeof projectTypes)[number];

/** US states plus DC and Guam, which the spec counts as the USA's regions. */
export const usStates = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'GU', name: 'Guam' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

/** One US state, DC or Guam with its postal abbreviation. */
export type UsState = (typeof usStates)[number];

/** Postal abbreviation of a US state, DC or Guam. */
export type UsStateCode = UsState['code'];

/** Canada's 13 provinces and territories. */
export const canadianProvinces = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;

/** One Canadian province or territory with its postal abbreviation. */
export type CanadianProvince = (typeof canadianProvinces)[number];

/** Postal abbreviation of a Canadian province or territory. */
export type CanadianProvinceCode = CanadianProvince['code'];

/** Countries an address can be in, each with the label its region field uses. */
export const countries = [
  { code: 'USA', label: 'USA', regionLabel: 'State' },
  { code: 'CAN', label: 'Canada', regionLabel: 'Province/Territory' },
] as const;

/** One of the supported countries. */
export type Country = (typeof countries)[number];

/** Code of a supported country as stored on an address. */
export type CountryCode = Country['code'];

/** Answers offered by the new-user survey. */
export const surveyIntents = [
  'Order Material',
  'Search and Exploration',
  'Supplier Search',
  'Create a Quote',
  'Logistics',
  'Product Search',
  'Supplier Signup',
  'Other',
] as const;

/** One of the new-user survey answers. */
export type SurveyIntent = (typeof surveyIntents)[number];
