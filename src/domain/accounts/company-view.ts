/** A company's address as the API answers it. */
export type CompanyAddressView = {
  id: number;
  name: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string | null;
  fax: string | null;
  addressType: string | null;
  deliveryInstructions: string | null;
};

/** A company profile as `GET /api/v1/organizations/{id}` answers it (spec part 1 §3 Organization). */
export type CompanyView = {
  id: number;
  name: string;
  slug: string;
  website: string | null;
  invoiceEmail: string | null;
  email: string | null;
  companyType: string | null;
  companySize: string | null;
  projectTypes: string[];
  taxId: string | null;
  isBuyer: boolean;
  address: CompanyAddressView | null;
};
