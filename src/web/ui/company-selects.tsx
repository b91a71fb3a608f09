import { Select, type SelectProps } from '@mantine/core';
import { companySizes, companyTypes } from '../../domain/accounts/options';

/** The company type choice of the sign-up and company profile forms (spec part 1 §3 option list). */
export function CompanyTypeSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      label="Company type"
      withAsterisk
      searchable
      placeholder="Select a type"
      data={[...companyTypes]}
      {...props}
    />
  );
}

/** The company size choice of the sign-up and company profile forms. */
export function CompanySizeSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      label="Company size"
      withAsterisk
      placeholder="Number of employees"
      data={[...companySizes]}
      {...props}
    />
  );
}
