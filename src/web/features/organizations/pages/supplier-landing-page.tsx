import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingWarehouse, IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { type SupplierLanding, useSupplierLanding } from '../api/supplier-landing';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();

function BranchCard({ branch }: { branch: SupplierLanding['branches'][number] }) {
  const place = branch.displayAddress || [branch.city, branch.state].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="landing-branch">
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <Avatar src={branch.logoUrl} alt="" radius="md" size={48} color="hedge" variant="light">
            {initialsOf(branch.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {branch.name}
            </Text>
            {place && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={14} aria-hidden />
                <Text size="sm" c="dimmed">
                  {place}
                </Text>
              </Group>
            )}
          </div>
        </Group>
        <Group gap="xs">
          {branch.isPrimary && (
            <Badge variant="light" color="hedge" size="sm">
              Main yard
            </Badge>
          )}
          <Badge variant="light" color="gray" size="sm">
            {formatNumber(branch.productCount)} products in stock
          </Badge>
        </Group>
        <Button component={Link} to={paths.supplier(branch.slug)} mt="auto" fullWidth>
          View Availability
        </Button>
      </Stack>
    </Card>
  );
}

function Chips({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Group gap="xs">{children}</Group>
    </Paper>
  );
}

/**
 * `/supplier/{organizationSlug}`: a supplier's public landing page (spec part 3 §2.9): its branches
 * with 'View Availability', what it grows (product groups and families in stock) and its brands.
 */
export function SupplierLandingPage() {
  const { slug = '' } = useParams();
  const landing = useSupplierLanding(slug);
  useDocumentTitle(`${landing.data?.name ?? 'Supplier'} · ${productName}`);

  if (landing.isPending) {
    return (
      <Container size="lg" py="xl">
        <Skeleton h={36} w="50%" mb="md" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Skeleton h={180} />
          <Skeleton h={180} />
          <Skeleton h={180} />
        </SimpleGrid>
      </Container>
    );
  }
  if (landing.isError) {
    const missing = landing.error instanceof ApiError && landing.error.status === 404;
    return (
      <Container size="sm" py={60}>
        {missing ? (
          <Stack align="center" gap="sm" ta="center" data-testid="supplier-not-found">
            <Title order={1} size="h2">
              We couldn't find that supplier
            </Title>
            <Text c="dimmed">It may have changed its name, or it no longer sells on {productName}.</Text>
            <Button component={Link} to={paths.suppliers}>
              Browse the supplier directory
            </Button>
          </Stack>
        ) : (
          <LoadErrorAlert
            error={landing.error}
            title="We couldn't load this supplier"
            onRetry={() => void landing.refetch()}
          />
        )}
      </Container>
    );
  }
  const supplier = landing.data;
  const greenGroups = supplier.groups.filter((group) => group.groupType === 'GREEN_GOOD');
  const hardGroups = supplier.groups.filter((group) => group.groupType !== 'GREEN_GOOD');
  return (
    <Box>
      <Box bg="hedge.0" py={{ base: 'lg', sm: 40 }}>
        <Container size="lg">
          <Group gap="md" wrap="nowrap" align="center">
            <Avatar
              size={64}
              radius="md"
              color="hedge"
              variant="filled"
              src={supplier.branches[0]?.logoUrl}
              alt=""
            >
              {initialsOf(supplier.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 26, sm: 36 }} style={{ overflowWrap: 'anywhere' }}>
                {supplier.name}
              </Title>
              <Text c="dark.6">
                {[
                  supplier.companyType,
                  `${supplier.branches.length} ${supplier.branches.length === 1 ? 'branch' : 'branches'}`,
                  `${formatNumber(supplier.productCount)} products in stock`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {supplier.website && (
                <Anchor href={supplier.website} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    {supplier.website.replace(/^https?:\/\//, '')}
                    <IconExternalLink size={12} aria-hidden />
                  </Group>
                </Anchor>
              )}
            </div>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xl">
          <section aria-labelledby="landing-branches">
            <Group gap="xs" mb="sm">
              <IconBuildingWarehouse size={22} aria-hidden />
              <Title order={2} size="h3" id="landing-branches">
                Branches
              </Title>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {supplier.branches.map((branch) => (
                <BranchCard key={branch.id} branch={branch} />
              ))}
            </SimpleGrid>
          </section>
          {(greenGroups.length > 0 || supplier.families.length > 0) && (
            <Chips title="What they grow">
              {greenGroups.map((group) => (
                <Button
                  key={group.slug}
                  component={Link}
                  to={paths.productGroup(group.slug)}
                  variant="light"
                  size="compact-md"
                  radius="xl"
                >
                  {group.name} ({group.productCount})
                </Button>
              ))}
              {supplier.families.map((family) => (
                <Button
                  key={`${family.groupSlug}/${family.slug}`}
                  component={Link}
                  to={paths.productFamily(family.groupSlug, family.slug)}
                  variant="default"
                  size="compact-md"
                  radius="xl"
                >
                  {family.name}
                </Button>
              ))}
            </Chips>
          )}
          {hardGroups.length > 0 && (
            <Chips title="Hard goods">
              {hardGroups.map((group) => (
                <Button
                  key={group.slug}
                  component={Link}
                  to={paths.productGroup(group.slug)}
                  variant="light"
                  size="compact-md"
                  radius="xl"
                >
                  {group.name} ({group.productCount})
                </Button>
              ))}
            </Chips>
          )}
          {supplier.brands.length > 0 && (
            <Chips title="Brands">
              {supplier.brands.map((brand) => (
                <Button
                  key={brand.slug}
                  component={Link}
                  to={paths.supplierBrand(supplier.slug, brand.slug)}
                  variant="default"
                  size="compact-md"
                  radius="xl"
                >
                  {brand.name}
                </Button>
              ))}
            </Chips>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
