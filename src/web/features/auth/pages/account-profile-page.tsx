import { Badge, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../api/current-user';
import { AccountNav } from '../../../shell/account-frame';
import { CompanyProfileCard } from '../../organizations/components/company-profile-card';
import { PasswordChangeCard } from '../components/password-change-card';
import { ProfileCard } from '../components/profile-card';

/** /users/edit: the signed-in user's profile, password and company, under the account area's section links (the router only lets signed-in users in). */
export function AccountProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <AccountNav />
      <Stack gap="lg">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              My profile
            </Title>
            {user.status === 'approved_for_site_use_only' && (
              <Badge variant="light" color="yellow">
                Verification pending
              </Badge>
            )}
          </Group>
          <Text c="dimmed">
            {user.fullName}
            {user.organizationName ? ` · ${user.organizationName}` : ''}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {/* Keyed by user so a refreshed user (e.g. after impersonation) refills the form. */}
          <ProfileCard key={user.id} user={user} />
          <PasswordChangeCard />
        </SimpleGrid>
        <CompanyProfileCard organizationId={user.organizationId} />
      </Stack>
    </Container>
  );
}
