import { Anchor, Box, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { canUseSite } from '../../../../domain/access';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { CreateCartForm } from '../components/create-cart-modal';
import { unapprovedCartText } from '../components/unapproved-cart-modal';

/** /quotes/new?action=quote: the create-cart form as a page (the header's "Start New Cart"). */
export function NewCartPage() {
  const { user } = useCurrentUser();
  return (
    <Box maw={560} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Anchor component={Link} to={paths.carts} size="sm">
        Saved Carts
      </Anchor>
      <Title order={1} fz={28} mt="xs" mb="md">
        Start New Cart
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        {user && !canUseSite(user.status) ? (
          <>
            <Text size="sm">{unapprovedCartText}</Text>
            <Anchor component={Link} to={paths.contact} display="inline-block" mt="md" fw={600}>
              Contact us
            </Anchor>
          </>
        ) : (
          <CreateCartForm />
        )}
      </Paper>
    </Box>
  );
}
