import {
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBuildingWarehouse,
  IconFileSpreadsheet,
  IconMessageCircle,
  IconReceipt,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { productName, supportContact } from '../../../../domain/brand';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';

const steps = [
  {
    icon: IconUserPlus,
    title: 'Create your account',
    text: `Sign up with your company. If your company already uses ${productName}, join it: your manager approves you.`,
  },
  {
    icon: IconBuildingWarehouse,
    title: 'Tell us about your yards',
    text: 'Our team sets up each branch you sell from: its address, pickup hours, delivery days and minimum order.',
  },
  {
    icon: IconFileSpreadsheet,
    title: 'Upload your availability',
    text: 'Send the spreadsheet you already keep (.csv, .xls or .xlsx) each week. Map its columns once; we match the plants to the catalogue and remember it.',
  },
  {
    icon: IconMessageCircle,
    title: 'Answer purchase orders',
    text: 'Buyers find your stock by name, size and distance. Confirm orders, propose substitutions or dates, and message the buyer in one place.',
  },
  {
    icon: IconReceipt,
    title: 'Deliver and get paid',
    text: 'Pickup or delivery, with freight arranged by our team when you need it. Invoices and payments follow the order.',
  },
];

/** The how-to-become-a-supplier page (spec part 3 §2.9), linked from 'Become a Supplier' in the header and footer. */
export function BecomeSupplierPage() {
  const { user } = useCurrentUser();
  useDocumentTitle(`Become a supplier · ${productName}`);
  const supplierSlug = user?.supplier ? user.organizationSlug : null;
  return (
    <Box>
      <Box bg="hedge.0" py={{ base: 40, sm: 64 }}>
        <Container size="md">
          <Stack gap="md" align="flex-start">
            <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
              Sell your nursery stock to landscape pros near your yards
            </Title>
            <Text size="lg" c="dark.6" maw={640}>
              {productName} puts your availability in front of contractors, builders and garden centers
              searching for plants and hard goods by name, size and distance, and turns their carts into
              purchase orders for your branches.
            </Text>
            <Group gap="sm">
              {supplierSlug ? (
                <Button component={Link} to={paths.supplierLanding(supplierSlug)} size="md">
                  See your supplier page
                </Button>
              ) : user ? (
                <Button component={Link} to={paths.supplierContact} size="md">
                  Talk to our team
                </Button>
              ) : (
                <Button component={Link} to={paths.signUp()} size="md">
                  Create an account
                </Button>
              )}
              <Button component={Link} to={paths.suppliers} size="md" variant="default">
                See who sells today
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="md" py={{ base: 'xl', sm: 56 }}>
        <Title order={2} mb="lg">
          How it works
        </Title>
        <Stack gap="md">
          {steps.map((step, index) => (
            <Paper key={step.title} withBorder radius="md" p="lg">
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <step.icon size={24} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>
                    {index + 1}. {step.title}
                  </Text>
                  <Text c="dark.6">{step.text}</Text>
                </div>
              </Group>
            </Paper>
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={48}>
          <div>
            <Title order={3} size="h4" mb="xs">
              What you need
            </Title>
            <List spacing={6} c="dark.6">
              <List.Item>A wholesale nursery, grower, distributor or yard</List.Item>
              <List.Item>An availability list you can export as a spreadsheet</List.Item>
              <List.Item>Someone to answer purchase orders on business days</List.Item>
            </List>
          </div>
          <div>
            <Title order={3} size="h4" mb="xs">
              Questions?
            </Title>
            <Text c="dark.6">
              Call us at{' '}
              <Text component="a" href={supportContact.phoneHref} inherit fw={600} td="underline">
                {supportContact.phone}
              </Text>{' '}
              or write to{' '}
              <Text component="a" href={`mailto:${supportContact.email}`} inherit fw={600} td="underline">
                {supportContact.email}
              </Text>
              .
            </Text>
            <Button component={Link} to={paths.supplierContact} variant="light" mt="sm">
              Contact us
            </Button>
          </div>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
