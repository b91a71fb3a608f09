import { Anchor, Box, Breadcrumbs, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconPhotoScan, IconTableImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { canUseSite } from '../../../../domain/access';
import { useCurrentUser } from '../../../api/current-user';
import { useFeatures } from '../../../api/features';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { ConverterWizard } from '../components/converter-wizard';
import { DesktopOnlyNotice, HubsheetsRestrictedNotice } from '../components/hubsheet-notices';
import { ImportWizard, ScratchForm } from '../components/import-wizard';

function Option({
  icon,
  title,
  text,
  to,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  to: string;
  action: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          {icon}
          <Text fw={700}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <Button component={Link} to={to} variant="light">
          {action}
        </Button>
      </Stack>
    </Card>
  );
}

function CreateOptions({ converter }: { converter: boolean }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: converter ? 3 : 2 }} spacing="md">
        <Option
          testId="hubsheet-option-import"
          icon={<IconTableImport size={28} color="var(--mantine-color-hedge-7)" aria-hidden />}
          title="Import from a Spreadsheet (.csv, .xls, .xlsx)"
          text="Upload your plant schedule or materials list; we match every line to the catalog."
          to={paths.newHubsheetImport}
          action="Import a file"
        />
        {converter && (
          <Option
            testId="hubsheet-option-converter"
            icon={<IconPhotoScan size={28} color="var(--mantine-color-hedge-7)" aria-hidden />}
            title="Convert your image or pdf lists"
            text="Turn a photo or PDF of a plant list into a spreadsheet you can import."
            to={paths.hubsheetFileConverter}
            action="Convert a list"
          />
        )}
        <Option
          testId="hubsheet-option-scratch"
          icon={<IconFilePlus size={28} color="var(--mantine-color-hedge-7)" aria-hidden />}
          title="Start with an empty Hubsheet"
          text="Enter your job details and add lines yourself."
          to={paths.newHubsheetScratch}
          action="Start from scratch"
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Lists come in all shapes. For the quickest match,{' '}
        <Anchor href={paths.hubsheetTemplate} size="sm">
          download our standard template
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/** /hubsheets/new[?type=import|scratch]: the Create a HubSheet page, the import wizard, or the scratch form. */
export function NewHubsheetPage() {
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const { isOn } = useFeatures();
  const converter = isOn('IMAGE_CONVERTER');
  const type = params.get('type');
  const revoked = Boolean(user && !canUseSite(user.status));

  return (
    <Box maw={1000} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Stack gap="md">
        <Breadcrumbs>
          <Anchor component={Link} to={paths.hubsheets} size="sm">
            HubSheets
          </Anchor>
          <Text size="sm">Create a HubSheet</Text>
        </Breadcrumbs>
        <Title order={1} fz={28}>
          Create a HubSheet
        </Title>
        <DesktopOnlyNotice />
        {revoked ? (
          <HubsheetsRestrictedNotice />
        ) : type === 'import' ? (
          <ImportWizard showConverterLink={converter} />
        ) : type === 'scratch' ? (
          <ScratchForm />
        ) : (
          <CreateOptions converter={converter} />
        )}
      </Stack>
    </Box>
  );
}

/** /hubsheets/file_converter: where image and PDF lists are turned into spreadsheets (IMAGE_CONVERTER). */
export function FileConverterPage() {
  const { isOn } = useFeatures();
  if (!isOn('IMAGE_CONVERTER')) return <NotFoundContent />;
  return (
    <Box maw={800} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Stack gap="md">
        <Breadcrumbs>
          <Anchor component={Link} to={paths.hubsheets} size="sm">
            HubSheets
          </Anchor>
          <Anchor component={Link} to={paths.newHubsheet} size="sm">
            Create a HubSheet
          </Anchor>
          <Text size="sm">Convert your image or pdf lists</Text>
        </Breadcrumbs>
        <Title order={1} fz={28}>
          Convert your image or pdf lists
        </Title>
        <ConverterWizard />
      </Stack>
    </Box>
  );
}
