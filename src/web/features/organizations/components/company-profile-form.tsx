import {
  Button,
  Divider,
  Group,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type CompanyProfileInput, companyProfileSchema } from '../../../../domain/accounts/company-schema';
import { projectTypes, usStates } from '../../../../domain/accounts/options';
import { ApiError } from '../../../api/client';
import { successToastMs } from '../../../shell/toasts';
import { CompanySizeSelect, CompanyTypeSelect } from '../../../ui/company-selects';
import { PhoneInput } from '../../../ui/phone-input';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { type Company, useSaveCompany } from '../api/company';

type CompanyFormValues = {
  name: string;
  website: string;
  email: string;
  invoiceEmail: string;
  companyType: string | null;
  companySize: string | null;
  projectTypes: string[];
  address: {
    street1: string;
    street2: string;
    city: string;
    state: string | null;
    postalCode: string;
    phone: string;
  };
  taxId: string;
};

const stateOptions = usStates.map((state) => ({ value: state.code, label: state.name }));

function initialValuesOf(company: Company | null | undefined): CompanyFormValues {
  const address = company?.address;
  return {
    name: company?.name ?? '',
    website: company?.website ?? '',
    email: company?.email ?? '',
    invoiceEmail: company?.invoiceEmail ?? '',
    companyType: company?.companyType ?? null,
    companySize: company?.companySize ?? null,
    projectTypes: company?.projectTypes ?? [],
    address: {
      street1: address?.street1 ?? '',
      street2: address?.street2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? null,
      postalCode: address?.postalCode ?? '',
      phone: address?.phone ?? '',
    },
    taxId: company?.taxId ?? '',
  };
}

/** What the API reads: the profile form's values, with the country fixed to USA as the spec asks. */
function toInput(values: CompanyFormValues): CompanyProfileInput {
  return {
    ...values,
    companyType: (values.companyType ?? undefined) as CompanyProfileInput['companyType'],
    companySize: (values.companySize ?? undefined) as CompanyProfileInput['companySize'],
    projectTypes: values.projectTypes as CompanyProfileInput['projectTypes'],
    address: { ...values.address, state: values.address.state ?? '', country: 'USA' },
  };
}

export type CompanyProfileFormProps = {
  /** The company being edited; without one the form creates the user's company. */
  company?: Company | null;
  onSaved: (company: Company) => void;
  /** Offered next to the submit button when given (e.g. to go back to the read view). */
  onCancel?: () => void;
  submitLabel?: string;
};

/**
 * The company profile form (spec part 1 §2.4): Contact Information, Address, and Tax Information
 * when editing an existing company. During the save it shows a loading view instead of the fields.
 */
export function CompanyProfileForm({
  company,
  onSaved,
  onCancel,
  submitLabel = 'Save Profile',
}: CompanyProfileFormProps) {
  const editing = Boolean(company);
  const save = useSaveCompany();
  const form = useForm<CompanyFormValues>({
    initialValues: initialValuesOf(company),
    validate: zodValidate(companyProfileSchema, toInput),
  });

  const handleSubmit = async (values: CompanyFormValues) => {
    if (save.isPending) return;
    try {
      const saved = await save.mutateAsync({ id: company?.id ?? null, values: toInput(values) });
      notifications.show({
        color: 'green',
        message: editing ? 'Successfully updated company' : 'Successfully created company',
        autoClose: successToastMs,
      });
      onSaved(saved);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const title = editing ? 'Unable to update company' : 'Unable to create company';
      const detail = apiError?.message;
      notifications.show({
        color: 'red',
        title: detail && detail !== title ? title : undefined,
        message: detail && detail !== title ? detail : title,
        autoClose: 6000,
      });
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
    }
  };

  if (save.isPending) {
    return (
      <Stack align="center" justify="center" gap="md" py={60} role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">Saving your company profile…</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate>
      <Stack gap="lg">
        <section aria-labelledby="company-contact-heading">
          <Title order={4} id="company-contact-heading" mb="sm">
            Contact Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Company name"
              withAsterisk
              autoComplete="organization"
              disabled={editing}
              description={editing ? "A company's name can't be changed once it exists." : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              // Disabled, but still easy to read: it is the company's name, not a hint.
              styles={editing ? { input: { opacity: 1, color: 'var(--mantine-color-text)' } } : undefined}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Website"
              type="url"
              autoComplete="url"
              placeholder="https://"
              {...form.getInputProps('website')}
            />
            <TextInput
              label="Company email"
              type="email"
              withAsterisk
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Invoice email"
              type="email"
              withAsterisk
              {...form.getInputProps('invoiceEmail')}
            />
            <CompanyTypeSelect {...form.getInputProps('companyType')} />
            <CompanySizeSelect {...form.getInputProps('companySize')} />
          </SimpleGrid>
          <MultiSelect
            mt="sm"
            label="Project types"
            withAsterisk
            placeholder={form.values.projectTypes.length ? undefined : 'Select all that apply'}
            data={[...projectTypes]}
            hidePickedOptions
            {...form.getInputProps('projectTypes')}
          />
        </section>

        <Divider />

        <section aria-labelledby="company-address-heading">
          <Title order={4} id="company-address-heading" mb="sm">
            Address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Street address"
              withAsterisk
              autoComplete="address-line1"
              {...form.getInputProps('address.street1')}
            />
            <TextInput
              label="Street address line 2"
              autoComplete="address-line2"
              placeholder="Suite, unit, building (optional)"
              {...form.getInputProps('address.street2')}
            />
            <TextInput
              label="City"
              withAsterisk
              autoComplete="address-level2"
              {...form.getInputProps('address.city')}
            />
            <Select
              label="State"
              withAsterisk
              searchable
              placeholder="Select a state"
              autoComplete="address-level1"
              data={stateOptions}
              {...form.getInputProps('address.state')}
            />
            <TextInput
              label="Zip code"
              withAsterisk
              autoComplete="postal-code"
              inputMode="numeric"
              {...form.getInputProps('address.postalCode')}
            />
            <PhoneInput label="Phone" withAsterisk {...form.getInputProps('address.phone')} />
            <TextInput label="Country" value="USA" readOnly variant="filled" autoComplete="country-name" />
          </SimpleGrid>
        </section>

        {editing && (
          <>
            <Divider />
            <section aria-labelledby="company-tax-heading">
              <Title order={4} id="company-tax-heading" mb="sm">
                Tax Information
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Tax ID"
                  description="EIN or resale certificate number"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('taxId')}
                />
              </SimpleGrid>
            </section>
          </>
        )}

        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
