import {
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconClock,
  IconFileSpreadsheet,
  IconMail,
  IconPhone,
  IconPlant2,
  IconScale,
  IconSearch,
  IconShoppingCart,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { productName, supportContact } from '../../../../domain/brand';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { PageSection, StaticPage } from '../components/static-page';

function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text size="md" lh={1.7} c="dark.7">
      {children}
    </Text>
  );
}

function SupportEmail({ subject }: { subject?: string }) {
  const href = subject
    ? `mailto:${supportContact.email}?subject=${encodeURIComponent(subject)}`
    : `mailto:${supportContact.email}`;
  return <Anchor href={href}>{supportContact.email}</Anchor>;
}

const features = [
  {
    icon: IconSearch,
    title: 'Live availability search',
    text: 'Search by botanical or common name and filter by size, location and supplier to see what branches actually have on hand.',
  },
  {
    icon: IconScale,
    title: 'Side-by-side pricing',
    text: 'Compare sizes, price tiers and distances across suppliers before you commit, with your own discounts already applied.',
  },
  {
    icon: IconFileSpreadsheet,
    title: 'HubSheets',
    text: 'Upload a .csv, .xls or .xlsx material list and we match each line to products in stock, ready to review and price.',
  },
  {
    icon: IconShoppingCart,
    title: 'Carts for every job',
    text: 'Keep a named cart (a quote) for each project, share it with your team and submit it when the job is a go.',
  },
  {
    icon: IconBuildingWarehouse,
    title: 'Orders by branch',
    text: 'A submitted cart splits into one purchase order per supplier branch, and each branch confirms, adjusts or proposes dates.',
  },
  {
    icon: IconTruckDelivery,
    title: 'Freight, invoices and payments',
    text: 'Request freight estimates, pay by card or bank account and keep every order, message and invoice in one place.',
  },
];

/** /about: what the product is, its features and careers. */
export function AboutPage() {
  const { user, isPending } = useCurrentUser();
  return (
    <StaticPage
      title={`About ${productName}`}
      lead="The wholesale marketplace where landscape professionals find, price and order plants and hard goods."
    >
      <PageSection title="Sourcing, without the phone tag">
        <Paragraph>
          Every landscape job starts with a material list and ends with trucks at the site. In between,
          estimators and purchasing managers have traditionally spent days calling nurseries, chasing
          availability sheets and re-keying prices into spreadsheets. {productName} replaces that with one
          marketplace: live availability from nursery and distributor branches, prices you can compare, and
          orders you can place in a few clicks.
        </Paragraph>
        <Paragraph>
          Buyers — landscape contractors, builders, garden centers and wholesale buyers — search the
          catalogue, build carts for each job and turn their spreadsheets into priced orders. Suppliers —
          growers and distributors with one branch or many — reach new customers, receive clean purchase
          orders and answer them from one screen. Our own team sits in the middle, helping with freight, photo
          requests and anything that needs a human.
        </Paragraph>
      </PageSection>

      <PageSection id="features" title="Features">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {features.map(({ icon: Icon, title, text }) => (
            <Paper key={title} withBorder p="md" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  <Icon size={22} stroke={1.7} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>{title}</Text>
                  <Text size="sm" c="dimmed" mt={2}>
                    {text}
                  </Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="Who we work with">
        <Paragraph>
          We work with commercial and residential landscape contractors, site-work and general contractors,
          garden centers, municipalities and the wholesale growers and distributors who supply them. Accounts
          are for businesses in the green industry: we verify every buyer so suppliers can share trade pricing
          with confidence.
        </Paragraph>
      </PageSection>

      <PageSection id="careers" title="Careers">
        <Paragraph>
          We are a small team of people who have worked in nurseries, on landscape crews and in software. We
          hire for product engineering, supplier success and logistics, and we care more about curiosity and
          follow-through than about a perfect résumé.
        </Paragraph>
        <Paragraph>
          There are no open roles listed right now, but we always like to hear from people who know the
          industry. Write to <SupportEmail subject="Careers" /> with a few lines about yourself and the work
          you would like to do.
        </Paragraph>
      </PageSection>

      <Group gap="sm">
        {!isPending && !user && (
          <Button size="md" component={Link} to={paths.signUp()}>
            Create a buyer account
          </Button>
        )}
        <Button size="md" component={Link} to={paths.becomeSupplier} variant="default">
          Sell on {productName}
        </Button>
      </Group>
    </StaticPage>
  );
}

/** /our_start: the story of how the product began. */
export function OurStartPage() {
  return (
    <StaticPage
      title="Our Story"
      lead="It started with an estimator, a spreadsheet and a very long list of phone calls."
    >
      <PageSection title="A list of 212 plants">
        <Paragraph>
          {productName} began on a commercial job with 212 line items of trees, shrubs and perennials, and a
          bid due on Friday. Pricing it meant calling a dozen nurseries, waiting for availability sheets by
          e-mail, and copying sizes and prices into a spreadsheet that was out of date before it was finished.
          Half the plants that were "available" on Monday were gone by Thursday.
        </Paragraph>
        <Paragraph>
          The growers were just as frustrated. They had plenty of stock, but no easy way to show it to
          contractors outside their usual territory — and the orders they did get arrived as photos of
          handwritten lists.
        </Paragraph>
      </PageSection>
      <PageSection title="One place for both sides">
        <Paragraph>
          So we built the tool we wanted: one catalogue of live inventory from nursery and distributor
          branches, searchable by botanical or common name, with prices a contractor can compare and a cart
          they can submit. Then we taught it to read the spreadsheets estimators already use, so a plant list
          becomes a priced order instead of an afternoon of data entry.
        </Paragraph>
        <Paragraph>
          Today {productName} connects buyers with wholesale growers and distributors across the country, and
          every feature still starts the same way: with someone in the industry showing us the part of their
          day that wastes the most time.
        </Paragraph>
      </PageSection>
      <Group>
        <Button size="md" component={Link} to={paths.team} variant="default">
          Meet the team
        </Button>
      </Group>
    </StaticPage>
  );
}

const team = [
  {
    name: 'Claire Okafor',
    role: 'Co-founder & Chief Executive',
    bio: 'Spent ten years estimating commercial landscape jobs before deciding there had to be a better way to price a plant list.',
  },
  {
    name: 'Ben Hartley',
    role: 'Co-founder & Head of Product',
    bio: 'Grew up on a wholesale container nursery and now makes sure every screen works for growers as well as buyers.',
  },
  {
    name: 'Priya Raman',
    role: 'Head of Engineering',
    bio: 'Leads the team behind search, HubSheet matching and ordering, with a soft spot for very large spreadsheets.',
  },
  {
    name: 'Luis Medina',
    role: 'Director of Supplier Success',
    bio: 'Former nursery sales manager who helps growers and distributors get their inventory online and their orders out the door.',
  },
  {
    name: 'Hannah Brooks',
    role: 'Logistics Lead',
    bio: 'Coordinates freight estimates and deliveries so a cart full of trees arrives on the right day, at the right site.',
  },
  {
    name: 'Marcus Bell',
    role: 'Market Manager, Southeast',
    bio: 'Works with contractors across the region to source hard-to-find material and keep large bids on schedule.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);

/** /team: the people behind the product. */
export function TeamPage() {
  return (
    <StaticPage
      title="Our Team"
      lead="Nursery people, landscape estimators and software engineers, building the marketplace we wished we had."
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {team.map((person) => (
          <Card key={person.name} withBorder radius="md" padding="lg">
            <Group gap="md" wrap="nowrap" mb="sm">
              <Avatar size={56} radius="xl" color="hedge" variant="light" aria-hidden>
                {initials(person.name)}
              </Avatar>
              <div>
                <Text fw={700} size="lg">
                  {person.name}
                </Text>
                <Text size="sm" c="hedge.8" fw={600}>
                  {person.role}
                </Text>
              </div>
            </Group>
            <Text size="sm" c="dark.6" lh={1.6}>
              {person.bio}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Paragraph>
        Want to join us? Read about{' '}
        <Anchor component={Link} to={paths.careers}>
          careers at {productName}
        </Anchor>
        .
      </Paragraph>
    </StaticPage>
  );
}

/** /press: press resources and the company boilerplate. */
export function PressPage() {
  return (
    <StaticPage title="Press" lead={`Resources for journalists and analysts writing about ${productName}.`}>
      <PageSection title={`About ${productName}`}>
        <Paragraph>
          {productName} is a business-to-business marketplace for landscape and nursery materials. Landscape
          contractors, builders and garden centers use it to search live availability from wholesale growers
          and distributors, compare prices across supplier branches, turn spreadsheet material lists into
          priced orders and manage purchase orders, freight and invoices in one place. Suppliers use it to
          reach new trade customers and to receive and answer orders online.
        </Paragraph>
      </PageSection>
      <PageSection title="Media inquiries">
        <Paragraph>
          For interviews, data requests or product screenshots, write to{' '}
          <SupportEmail subject="Press inquiry" /> with "Press" in the subject line, or call{' '}
          {supportContact.phone}. We usually reply within one business day.
        </Paragraph>
        <Paragraph>
          Our quarterly marketplace reports on plant availability and pricing trends are free to cite with
          attribution to {productName}.
        </Paragraph>
      </PageSection>
      <PageSection title="Brand assets">
        <Paragraph>
          Logos, product screenshots and founder photos are available on request. Please use the name "
          {productName}" with a capital H and no space, and do not alter the colours or proportions of the
          logo.
        </Paragraph>
      </PageSection>
    </StaticPage>
  );
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Text fw={700}>{title}</Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

function SupplierContact() {
  return (
    <Paper withBorder p="lg" radius="md" bg="hedge.0" id="suppliers">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" aria-hidden>
          <IconPlant2 size={22} />
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Sell on {productName}
          </Title>
          <Text lh={1.6}>
            Growers and distributors can list inventory from one branch or many and receive purchase orders
            from verified trade buyers. Tell us your company name, the branches you ship from and how you keep
            your availability today (a spreadsheet, an inventory system or a weekly PDF all work), and our
            supplier team will set up a call.
          </Text>
          <Group gap="sm">
            <Button
              size="md"
              component="a"
              href={`mailto:${supportContact.email}?subject=${encodeURIComponent('Become a supplier')}`}
            >
              E-mail our supplier team
            </Button>
            <Button size="md" component="a" href={supportContact.phoneHref} variant="default">
              Call {supportContact.phone}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /contact: support channels and hours; `?topic=supplier` puts the supplier paragraph first. The
 * router hands in the support area's form (`?topic=list` makes it 'Send Us Your List', first).
 */
export function ContactPage({ contactForm }: { contactForm?: (topic: string | null) => ReactNode }) {
  const [searchParams] = useSearchParams();
  const topic = searchParams.get('topic');
  const forSuppliers = topic === 'supplier';
  const listFirst = topic === 'list';
  return (
    <StaticPage
      title="Contact Us"
      lead="Questions about an order, a supplier or your account? Our team is here to help."
    >
      {forSuppliers && <SupplierContact />}
      {listFirst && contactForm?.(topic)}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ContactCard icon={<IconMail size={22} />} title="E-mail">
          <SupportEmail />
          <Text size="sm" c="dimmed">
            We answer within one business day.
          </Text>
        </ContactCard>
        <ContactCard icon={<IconPhone size={22} />} title="Phone">
          <Anchor href={supportContact.phoneHref}>{supportContact.phone}</Anchor>
          <Text size="sm" c="dimmed">
            For orders going out today.
          </Text>
        </ContactCard>
        <ContactCard icon={<IconClock size={22} />} title="Office hours">
          <Text size="sm">Monday–Friday, 7 am–6 pm Eastern</Text>
          <Text size="sm" c="dimmed">
            Closed on federal holidays.
          </Text>
        </ContactCard>
      </SimpleGrid>
      {!listFirst && contactForm?.(topic)}
      <PageSection title="Help with an order">
        <Paragraph>
          Include your order number and the supplier branch in your message and we can look into it straight
          away. Many answers — how HubSheets match your list, how freight estimates work, how to add a payment
          method — are also in the Help Center.
        </Paragraph>
        <List spacing={6} c="dark.7">
          <List.Item>Large bids and hard-to-find material: ask for your market manager.</List.Item>
          <List.Item>Billing and invoices: put "Billing" in the subject line.</List.Item>
          <List.Item>Access or sign-in problems: tell us the e-mail address of your account.</List.Item>
        </List>
      </PageSection>
      {!forSuppliers && <SupplierContact />}
    </StaticPage>
  );
}

/** /privacy: the privacy policy. */
export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      lead={`How ${productName} collects, uses and protects information about you.`}
    >
      <PageSection title="What we collect">
        <Paragraph>
          We collect what you give us when you create an account or use the marketplace: your name, work
          e-mail, phone number, company details, addresses, and the searches, carts, lists, orders and
          messages you create. When you pay, our payment provider handles your card or bank details; we keep
          only a reference and the last digits so you can recognise the method.
        </Paragraph>
        <Paragraph>
          Like most websites, we also record technical information such as your browser, device and the pages
          you visit, so we can keep the service secure and understand which features help.
        </Paragraph>
      </PageSection>
      <PageSection title="How we use it">
        <Paragraph>
          We use your information to run the marketplace: to show availability and prices, to send your orders
          to the supplier branches you choose, to arrange freight, to send invoices and notifications, and to
          answer your questions. With your consent we send our newsletter, which you can leave at any time
          from the link in every issue.
        </Paragraph>
      </PageSection>
      <PageSection title="Who we share it with">
        <Paragraph>
          When you submit an order, the supplier receives the details needed to fulfil it: your company,
          contact, delivery address and the items ordered. We also use service providers for hosting, e-mail
          and payments, bound by contract to use the data only on our behalf. We do not sell personal
          information.
        </Paragraph>
      </PageSection>
      <PageSection title="Your choices">
        <Paragraph>
          You can review and update your profile at any time. To receive a copy of your data or to ask us to
          delete your account, write to <SupportEmail subject="Privacy request" />. We keep order and invoice
          records as long as tax and accounting rules require, even after an account is closed.
        </Paragraph>
      </PageSection>
    </StaticPage>
  );
}

/** /terms: the terms of use. */
export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Use"
      lead={`The rules for using ${productName}, for buyers and suppliers alike.`}
    >
      <PageSection title="Accounts">
        <Paragraph>
          {productName} is a marketplace for businesses in the landscape and nursery trade. You must provide
          accurate information about yourself and your company, keep your password to yourself and tell us
          straight away if you think someone else has used your account. We may limit or suspend access for
          accounts we cannot verify as trade buyers or suppliers.
        </Paragraph>
      </PageSection>
      <PageSection title="Listings, prices and availability">
        <Paragraph>
          Suppliers are responsible for their listings. Availability and prices are shown as the supplier
          provides them and can change until an order is confirmed. Photos are representative; plant material
          is a living product and can vary in form within its stated size.
        </Paragraph>
      </PageSection>
      <PageSection title="Orders and payment">
        <Paragraph>
          A submitted cart becomes one purchase order per supplier branch. Each order is an agreement between
          the buyer and that supplier once the supplier confirms it; a supplier may propose changes to items,
          quantities or dates, which the buyer can accept or decline. Payment is due as shown on the invoice,
          and freight is quoted separately unless stated otherwise.
        </Paragraph>
      </PageSection>
      <PageSection title="Acceptable use">
        <Paragraph>
          Do not misuse the service: no scraping of prices or inventory, no attempts to reach data that is not
          yours, and no messages that are unlawful, abusive or unrelated to the trade.
        </Paragraph>
      </PageSection>
      <PageSection title="Changes and questions">
        <Paragraph>
          We may update these terms as the service grows, and will tell you about material changes before they
          take effect. Questions about these terms can be sent to <SupportEmail subject="Terms of Use" />.
        </Paragraph>
      </PageSection>
    </StaticPage>
  );
}
