import { Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FoundCompany, useCompanyLookup } from '../api/join-company';

type Props = {
  name: string;
  onNameChange: (name: string) => void;
  postalCode: string;
  onChoose: (company: FoundCompany) => void;
  error?: React.ReactNode;
};

const placeOf = (company: FoundCompany) =>
  [company.city, [company.state, company.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** Sign-up's 'already uses Hedgerow': find the company by name (those at the postal code typed first). */
export function CompanyFinder({ name, onNameChange, postalCode, onChoose, error }: Props) {
  const [debouncedName] = useDebouncedValue(name, 250);
  const lookup = useCompanyLookup(debouncedName, postalCode);
  const results = debouncedName.trim().length >= 2 ? (lookup.data?.results ?? []) : [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Find your company"
        description="Type its name; companies at your zip code are listed first"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        autoComplete="organization"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={lookup.isFetching ? <Loader size="xs" /> : null}
        value={name}
        onChange={(event) => onNameChange(event.currentTarget.value)}
        error={error}
        data-testid="company-finder"
      />
      {results.length > 0 && (
        <Paper withBorder radius="md" p={4} role="list" aria-label="Companies found">
          {results.map((company) => (
            <UnstyledButton
              key={company.id}
              role="listitem"
              onClick={() => onChoose(company)}
              p="xs"
              w="100%"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="company-result"
            >
              <Text size="sm" fw={600}>
                {company.name}
              </Text>
              {placeOf(company) && (
                <Text size="xs" c="dimmed">
                  {placeOf(company)}
                </Text>
              )}
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {debouncedName.trim().length >= 2 && lookup.isSuccess && results.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          No company by that name uses Hedgerow yet. Choose "No" above to add yours.
        </Text>
      )}
    </Stack>
  );
}
