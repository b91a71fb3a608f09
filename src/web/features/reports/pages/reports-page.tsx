import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendar, IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { productName } from '../../../../domain/brand';
import { formatMoney } from '../../../../domain/money';
import { analyticsOffMessage } from '../../../../domain/reports/reports';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { PageLoader } from '../../../shell/route-guards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useTabParam } from '../../../ui/use-tab-param';
import {
  type BuyerReport,
  type ReportRange,
  type SupplierReport,
  useBuyerReport,
  useSupplierReport,
} from '../api/get-reports';
import { ReportTable } from '../components/report-table';

const presets = [
  { value: '4', label: '4 weeks' },
  { value: '12', label: '12 weeks' },
  { value: '52', label: '52 weeks' },
  { value: 'custom', label: 'Custom' },
] as const;

/** The browser's today as YYYY-MM-DD (the range is the user's, on their calendar). */
const today = () => new Date().toLocaleDateString('en-CA');
const daysBefore = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() - days);
  return date.toLocaleDateString('en-CA');
};

const hours = (value: number | null) =>
  value === null ? '—' : value < 48 ? `${value.toFixed(1)} h` : `${(value / 24).toFixed(1)} days`;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function WeekChart({
  title,
  data,
  label,
}: {
  title: string;
  data: { week: string; amount: number; orders: number }[];
  label: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders in this range.
        </Text>
      ) : (
        <BarChart
          h={240}
          data={data.map((row) => ({
            week: row.week.slice(5),
            [label]: row.amount / 100,
            Orders: row.orders,
          }))}
          dataKey="week"
          series={[{ name: label, color: 'hedge.6' }]}
          valueFormatter={(value) => formatMoney(Math.round(value * 100))}
          tickLine="y"
          aria-label={`${title} chart`}
        />
      )}
    </Paper>
  );
}

function fileName(report: string, table: string, range: { startDate: string; endDate: string }) {
  return `hedgerow-${report}-${table}-${range.startDate}-to-${range.endDate}.csv`;
}

function SupplierReportView({ report }: { report: SupplierReport }) {
  const { totals, range } = report;
  return (
    <Stack gap="lg" data-testid="supplier-report">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="md">
        <Stat label="Orders" value={formatNumber(totals.orders)} />
        <Stat
          label="Revenue"
          value={formatMoney(totals.revenue)}
          hint="Cancelled and rejected orders excluded"
        />
        <Stat
          label="Response time"
          value={hours(totals.medianResponseHours)}
          hint={`Median to answer a purchase order · ${totals.responded} answered`}
        />
        <Stat
          label="Search clicks"
          value={formatNumber(totals.searchClicks)}
          hint="On your products in search"
        />
        <Stat
          label="Search impressions"
          value={formatNumber(totals.searchImpressions)}
          hint="Times your listings were shown in search results"
        />
      </SimpleGrid>
      <WeekChart title="Revenue by week" data={report.byWeek} label="Revenue" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportTable
          title="By branch"
          testId="report-by-branch"
          rows={report.byBranch}
          fileName={fileName('supplier', 'branches', range)}
          columns={[
            { label: 'Branch', render: (row) => row.branchName, csv: (row) => row.branchName },
            { label: 'Orders', render: (row) => row.orders, csv: (row) => row.orders, align: 'right' },
            {
              label: 'Revenue',
              render: (row) => formatMoney(row.revenue),
              csv: (row) => (row.revenue / 100).toFixed(2),
              align: 'right',
            },
            {
              label: 'Avg. response',
              wideOnly: true,
              render: (row) => hours(row.averageResponseHours),
              csv: (row) => (row.averageResponseHours === null ? null : row.averageResponseHours.toFixed(1)),
              align: 'right',
            },
          ]}
        />
        <ReportTable
          title="Orders by week"
          testId="report-by-week"
          rows={report.byWeek}
          fileName={fileName('supplier', 'weeks', range)}
          columns={[
            { label: 'Week of', render: (row) => row.week, csv: (row) => row.week },
            { label: 'Orders', render: (row) => row.orders, csv: (row) => row.orders, align: 'right' },
            {
              label: 'Revenue',
              render: (row) => formatMoney(row.amount),
              csv: (row) => (row.amount / 100).toFixed(2),
              align: 'right',
            },
          ]}
        />
        <ReportTable
          title="Top products ordered"
          testId="report-top-products"
          rows={report.topProducts}
          fileName={fileName('supplier', 'top-products', range)}
          columns={[
            {
              label: 'Product',
              render: (row) => (row.size ? `${row.name} · ${row.size}` : row.name),
              csv: (row) => (row.size ? `${row.name} ${row.size}` : row.name),
            },
            {
              label: 'Quantity',
              render: (row) => formatNumber(row.quantity),
              csv: (row) => row.quantity,
              align: 'right',
            },
            {
              label: 'Revenue',
              render: (row) => formatMoney(row.revenue),
              csv: (row) => (row.revenue / 100).toFixed(2),
              align: 'right',
            },
          ]}
        />
        <ReportTable
          title="Search clicks by product"
          testId="report-search-clicks"
          rows={report.searchClicks}
          empty="No clicks on your products in search in this range."
          fileName={fileName('supplier', 'search-clicks', range)}
          columns={[
            { label: 'Product', render: (row) => row.name, csv: (row) => row.name },
            { label: 'Clicks', render: (row) => row.clicks, csv: (row) => row.clicks, align: 'right' },
          ]}
        />
        <ReportTable
          title="Search impressions by branch"
          testId="report-search-impressions"
          rows={report.searchImpressions}
          empty="Your listings were not shown in search in this range."
          fileName={fileName('supplier', 'search-impressions', range)}
          columns={[
            { label: 'Branch', render: (row) => row.branchName, csv: (row) => row.branchName },
            {
              label: 'Impressions',
              render: (row) => formatNumber(row.impressions),
              csv: (row) => row.impressions,
              align: 'right',
            },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}

function BuyerReportView({ report }: { report: BuyerReport }) {
  const { range } = report;
  return (
    <Stack gap="lg" data-testid="buyer-report">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Orders" value={formatNumber(report.totals.orders)} />
        <Stat
          label="Spend"
          value={formatMoney(report.totals.spend)}
          hint="Cancelled and rejected orders excluded"
        />
      </SimpleGrid>
      <WeekChart title="Spend by week" data={report.byWeek} label="Spend" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportTable
          title="Spend by supplier"
          testId="report-by-supplier"
          rows={report.bySupplier}
          fileName={fileName('buyer', 'suppliers', range)}
          columns={[
            { label: 'Supplier', render: (row) => row.supplierName, csv: (row) => row.supplierName },
            { label: 'Orders', render: (row) => row.orders, csv: (row) => row.orders, align: 'right' },
            {
              label: 'Spend',
              render: (row) => formatMoney(row.spend),
              csv: (row) => (row.spend / 100).toFixed(2),
              align: 'right',
            },
          ]}
        />
        <ReportTable
          title="Spend by job"
          testId="report-by-job"
          rows={report.byJob}
          fileName={fileName('buyer', 'jobs', range)}
          columns={[
            { label: 'Job', render: (row) => row.job, csv: (row) => row.job },
            { label: 'Orders', render: (row) => row.orders, csv: (row) => row.orders, align: 'right' },
            {
              label: 'Spend',
              render: (row) => formatMoney(row.spend),
              csv: (row) => (row.spend / 100).toFixed(2),
              align: 'right',
            },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}

function ReportBody<T>({
  query,
  render,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  render: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Skeleton h={360} radius="md" aria-label="Loading the report" />;
  if (query.isError || !query.data) {
    return (
      <LoadErrorAlert
        error={query.error}
        title="We couldn't load the report"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return render(query.data);
}

/** `/reports`: analytics for companies with dashboardAccess (issue 19). */
export function ReportsPage() {
  const { user, isPending } = useCurrentUser();
  useDocumentTitle(`Analytics · ${productName}`);
  const [preset, setPreset] = useState<(typeof presets)[number]['value']>('12');
  const [custom, setCustom] = useState<[string | null, string | null]>([null, null]);
  const showSupplier = Boolean(user?.supplier);
  const showBuyer = Boolean(user && (!user.supplier || user.organizationIsBuyer));
  const [tab, setTab] = useTabParam(showSupplier ? 'supplier' : 'buyer');
  const range: ReportRange =
    preset === 'custom'
      ? custom[0] && custom[1]
        ? { startDate: custom[0], endDate: custom[1] }
        : {}
      : { startDate: daysBefore(today(), Number(preset) * 7 - 1), endDate: today() };
  const allowed = Boolean(user?.dashboardAccess && user.organizationId);
  const supplier = useSupplierReport(range, allowed && showSupplier && tab === 'supplier');
  const buyer = useBuyerReport(range, allowed && showBuyer && tab === 'buyer');

  if (isPending) return <PageLoader />;
  if (!user) return null;

  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }}>
      <Group justify="space-between" align="flex-end" gap="md" mb="lg">
        <Group gap="sm" wrap="nowrap">
          <IconChartBar size={30} stroke={1.5} aria-hidden />
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Analytics
            </Title>
            <Text c="dimmed" size="sm">
              {user.organizationName}
            </Text>
          </div>
        </Group>
        {allowed && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              data={[...presets]}
              value={preset}
              onChange={(value) => setPreset(value as typeof preset)}
              aria-label="Date range"
            />
            {preset === 'custom' && (
              <DatePickerInput
                type="range"
                aria-label="Custom date range"
                placeholder="Pick dates"
                value={custom}
                onChange={(value) => setCustom(value as [string | null, string | null])}
                leftSection={<IconCalendar size={16} aria-hidden />}
                valueFormat="MMM D, YYYY"
                maxDate={today()}
                miw={240}
              />
            )}
          </Group>
        )}
      </Group>
      {!allowed ? (
        <Alert variant="light" color="gray" title="Analytics is off" data-testid="analytics-off">
          {analyticsOffMessage}{' '}
          <Anchor component={Link} to={paths.contact}>
            Contact us
          </Anchor>
        </Alert>
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          {showSupplier && showBuyer && (
            <Tabs.List mb="lg">
              <Tabs.Tab value="supplier">As a supplier</Tabs.Tab>
              <Tabs.Tab value="buyer">As a buyer</Tabs.Tab>
            </Tabs.List>
          )}
          {showSupplier && (
            <Tabs.Panel value="supplier">
              <ReportBody query={supplier} render={(data) => <SupplierReportView report={data} />} />
            </Tabs.Panel>
          )}
          {showBuyer && (
            <Tabs.Panel value="buyer">
              <ReportBody query={buyer} render={(data) => <BuyerReportView report={data} />} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Container>
  );
}
