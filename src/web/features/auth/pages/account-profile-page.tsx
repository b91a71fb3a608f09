import { Badge, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../api/current-user';
import { AccountNav } from '../../../shell/account-frame';
import { PasswordChangeCard } from '../components/password-change-card';
import { ProfileCard } from '../components/profile-card';

/** /users/edit: the signed-in user's profile, password and company, under the account area's section links (the router only lets signed-in users in). */
export function AccountProfilePage({
  companyProfile,
}: {
  /** The organisations area's company card for the user's company (the router passes it in). */
  companyProfile: (organizationId: number | null) => ReactNode;
}) {
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
        {companyProfile(user.organizationId)}
      </Stack>
    </Container>
  );
}
