import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { suspendedAccessText } from '../../../../domain/access';
import { paths } from '../../../paths';

export const desktopOnlyText = 'HubSheets is only available on laptop or desktop.';

/** HubSheets are built for big screens: said quietly on a desktop, clearly on a phone. */
export function DesktopOnlyNotice() {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconDeviceDesktop size={18} aria-hidden />}
      p="xs"
      data-testid="hubsheets-desktop-only"
    >
      <Text size="sm">{desktopOnlyText}</Text>
    </Alert>
  );
}

/** Revoked users cannot create hubsheets: this replaces the options (spec part 2 §1, §6). */
export function HubsheetsRestrictedNotice() {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="hubsheets-restricted">
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h3">
          <IconLock size={20} aria-hidden style={{ verticalAlign: '-2px', marginRight: 6 }} />
          HubSheets are restricted
        </Title>
        <Text>{suspendedAccessText}</Text>
        <Button component={Link} to={paths.contact}>
          Contact Our Team
        </Button>
      </Stack>
    </Paper>
  );
}
