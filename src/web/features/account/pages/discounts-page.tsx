import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { productName } from '../../../../domain/brand';
import { discountLabels } from '../../../../domain/catalog/pricing';
import { formatMoney } from '../../../../domain/money';
import { paths } from '../../../paths';
import { AccountFrame } from '../../../shell/account-frame';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useTabParam } from '../../../ui/use-tab-param';
import { type AccountDiscount, useDiscounts } from '../api/discounts';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (value: string) => dateFormat.format(new Date(value));

/** '8% off' or '$2.50 off each unit'. */
export function discountAmount(discount: Pick<AccountDiscount, 'operator' | 'value'>) {
  return discount.operator === 'PERCENTAGE'
    ? `${(discount.value / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}% off`
    : `${formatMoney(discount.value)} off each unit`;
}

function period(discount: AccountDiscount) {
  if (discount.status === 'scheduled' && discount.startsAt) return `Starts ${formatDate(discount.startsAt)}`;
  if (discount.endsAt) return `Until ${formatDate(discount.endsAt)}`;
  return 'No end date';
}

/** One row per discount: supplier and name on the left, amount and dates on the right; rows wrap on a phone. */
function DiscountList({ discounts, emptyText }: { discounts: AccountDiscount[]; emptyText: string }) {
  if (discounts.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {discounts.map((discount, index) => (
        <Group
          key={discount.id}
          data-testid="discount-row"
          justify="space-between"
          align="center"
          gap="sm"
          py="sm"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
        >
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {discount.supplier?.name ?? 'All suppliers'}
            </Text>
            <Text size="xs" c="dimmed">
              {discount.name}
            </Text>
          </div>
          <Group gap="md" wrap="nowrap" align="center">
            <Text size="md" fw={700} c="hedge.8" miw={90} ta="right">
              {discountAmount(discount)}
            </Text>
            <Stack gap={2} align="flex-end" miw={110}>
              {discount.status === 'scheduled' ? (
                <Badge variant="light" color="yellow">
                  Scheduled
                </Badge>
              ) : (
                <Badge variant="light" color="hedge">
                  Active
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {period(discount)}
              </Text>
            </Stack>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

function MyDiscounts() {
  const discounts = useDiscounts();
  if (discounts.isPending) return <Skeleton h={320} radius="md" />;
  if (discounts.isError) {
    return (
      <LoadErrorAlert
        title="Could not load your discounts"
        error={discounts.error}
        onRetry={() => discounts.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="purchase-discounts">
        <Title order={2} size="h4">
          {discountLabels.purchase}s
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Prices your company has agreed with each supplier. They apply to every cart you submit.
        </Text>
        <DiscountList
          discounts={discounts.data.purchaseDiscounts}
          emptyText="Your company has no purchase discounts with suppliers yet. Ask a supplier you buy from regularly."
        />
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="platform-discounts">
        <Title order={2} size="h4">
          {discountLabels.platform}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Discounts {productName} gives on top of suppliers' prices.
        </Text>
        <DiscountList
          discounts={discounts.data.platformDiscounts}
          emptyText={`No ${discountLabels.platform} is running for you right now.`}
        />
      </Paper>
    </Stack>
  );
}

const kinds = [
  {
    label: discountLabels.purchase,
    text: 'An agreed discount between your company and one supplier. It is applied to that supplier’s items automatically.',
  },
  {
    label: discountLabels.platform,
    text: `A discount from ${productName} itself, on some or all suppliers, for a season or for loyal customers.`,
  },
  { label: discountLabels.supplier, text: 'A supplier’s own sale on its items, open to every buyer.' },
  { label: discountLabels.online, text: 'A saving for ordering online from branches that sell online.' },
];

function HowDiscountsWork() {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kinds.map((kind) => (
          <Paper key={kind.label} withBorder radius="md" p="lg">
            <Text fw={700}>{kind.label}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {kind.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        When several discounts could apply to an item, you get the lowest price. The label beside a price says
        which discount made it.
      </Text>
      <div>
        <Button component={Link} to={paths.search()} variant="light">
          Search products
        </Button>
      </div>
    </Stack>
  );
}

/** /discounts: how discounts work, and (tab=1) the organisation's purchase discounts and the platform discount. */
export function DiscountsPage() {
  const [tab, setTab] = useTabParam('0');
  return (
    <AccountFrame title="Discounts" subtitle="The discounts that lower your prices.">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="0">How discounts work</Tabs.Tab>
          <Tabs.Tab value="1">My Discounts</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="0">
          <HowDiscountsWork />
        </Tabs.Panel>
        <Tabs.Panel value="1">
          <MyDiscounts />
        </Tabs.Panel>
      </Tabs>
    </AccountFrame>
  );
}
