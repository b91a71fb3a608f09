import { Accordion, Anchor, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconFileSpreadsheet,
  IconHelpCircle,
  IconListCheck,
  IconSearch,
  IconShoppingCart,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productName, supportContact } from '../../../../domain/brand';
import { paths } from '../../../paths';
import { useProductGroupNav } from '../../../shell/product-group-nav';
import { PageSection, StaticPage } from '../components/static-page';

function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text size="md" lh={1.7} c="dark.7">
      {children}
    </Text>
  );
}

const steps = [
  {
    icon: IconSearch,
    title: '1. Search what is in stock',
    text: 'Search by botanical or common name, or browse the product groups. Each product lists the branches that have it, their sizes, stock and — once you are signed in — your prices.',
  },
  {
    icon: IconFileSpreadsheet,
    title: '2. Or upload your list',
    text: 'Upload a plant list (.csv, .xls, .xlsx) as a HubSheet: each line is matched to products, and we find the branches near your job that cover the most lines at the lowest total.',
  },
  {
    icon: IconShoppingCart,
    title: '3. Build a cart per job',
    text: 'Add what you need to a named cart (a quote), compare suppliers side by side, download it as a PDF or CSV and share it with your team or client.',
  },
  {
    icon: IconListCheck,
    title: '4. Submit and follow the orders',
    text: 'Submitting a cart sends one purchase order to each supplier branch. Branches confirm, adjust or propose changes, and you follow every order to delivery or pickup.',
  },
];

/** /how-it-works: the buying journey in four steps. */
export function HowItWorksPage() {
  return (
    <StaticPage
      title="How it Works"
      lead={`${productName} connects landscape professionals with the stock of nursery and supply branches near their jobs.`}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {steps.map((step) => (
          <Card key={step.title} withBorder radius="md" padding="lg">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <step.icon size={22} />
            </ThemeIcon>
            <Title order={2} size="h4" mt="sm">
              {step.title}
            </Title>
            <Text mt={6} c="dark.7" lh={1.6}>
              {step.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <PageSection title="For suppliers">
        <Paragraph>
          Nurseries and distributors list their branches' availability and prices, receive purchase orders
          from verified buyers and answer them from one screen. See{' '}
          <Anchor component={Link} to={paths.becomeSupplier}>
            how to become a supplier
          </Anchor>
          .
        </Paragraph>
      </PageSection>
    </StaticPage>
  );
}

const faqs = [
  {
    question: 'Who can buy on Hedgerow?',
    answer:
      'Landscape contractors, designers, municipalities and other trade buyers. Anyone may search the catalogue; prices and ordering need a verified wholesale account.',
  },
  {
    question: 'Why can I not see prices?',
    answer:
      'Prices are shown to signed-in buyers. A few restricted plants, whose sale is regulated in some states, show no price: submit them in a cart and the supplier answers with a quote.',
  },
  {
    question: 'What is a HubSheet?',
    answer:
      'A plant list you upload (or type) whose lines are matched to products in stock. From it we find the branches that cover your list and add the chosen items to a cart.',
  },
  {
    question: 'What happens when I submit a cart?',
    answer:
      'Each supplier branch in the cart receives its own purchase order. It confirms, proposes changes (sizes, quantities, dates) or declines, and you are told by e-mail at each step.',
  },
  {
    question: 'Can I get my items delivered?',
    answer:
      'Yes: choose delivery or pickup per branch at checkout. Where a branch does not deliver, you can request a freight estimate.',
  },
  {
    question: 'How do I pay?',
    answer:
      'By card or bank account saved under Payment Methods, or on terms your supplier has agreed with you. Invoices are kept with each order.',
  },
];

/** /faqs: frequently asked questions. */
export function FaqsPage() {
  return (
    <StaticPage title="FAQs" lead="Answers to the questions buyers and suppliers ask most.">
      <Accordion variant="separated" radius="md" multiple defaultValue={['faq-0']}>
        {faqs.map((faq, index) => (
          <Accordion.Item key={faq.question} value={`faq-${index}`}>
            <Accordion.Control>
              <Text fw={600}>{faq.question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dark.7" lh={1.6}>
                {faq.answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Paragraph>
        Something else? Write to{' '}
        <Anchor href={`mailto:${supportContact.email}`}>{supportContact.email}</Anchor> or see the{' '}
        <Anchor component={Link} to={paths.helpCenter}>
          Help Center
        </Anchor>
        .
      </Paragraph>
    </StaticPage>
  );
}

const helpTopics = [
  {
    icon: IconHelpCircle,
    title: 'How it Works',
    text: 'The buying journey in four steps.',
    to: paths.howItWorks,
  },
  { icon: IconListCheck, title: 'FAQs', text: 'Prices, HubSheets, orders and payments.', to: paths.faqs },
  {
    icon: IconFileSpreadsheet,
    title: 'HubSheet template',
    text: 'The columns a plant list upload reads best.',
    to: paths.hubsheetTemplate,
  },
  {
    icon: IconBuildingStore,
    title: 'Become a supplier',
    text: 'List your branches and receive orders.',
    to: paths.becomeSupplier,
  },
];

/** /help: the Help Center, the guides and how to reach support. */
export function HelpCenterPage() {
  return (
    <StaticPage
      title="Help Center"
      lead={`Guides and answers for getting the most out of ${productName}.`}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {helpTopics.map((topic) => (
          <Card key={topic.title} withBorder radius="md" padding="lg">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <topic.icon size={22} />
            </ThemeIcon>
            <Anchor component={Link} to={topic.to} fw={700} size="lg" mt="sm" display="block">
              {topic.title}
            </Anchor>
            <Text c="dark.7" mt={4}>
              {topic.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <PageSection title="Talk to us">
        <Paragraph>
          Call <Anchor href={supportContact.phoneHref}>{supportContact.phone}</Anchor> (Monday–Friday, 7 am–6
          pm Eastern) or write to{' '}
          <Anchor href={`mailto:${supportContact.email}`}>{supportContact.email}</Anchor>.
        </Paragraph>
      </PageSection>
    </StaticPage>
  );
}

/** /sitemap: every public page of the site, with the product groups and their families. */
export function SitemapPage() {
  const groups = useProductGroupNav();
  const sections: { title: string; links: { label: string; to: string }[] }[] = [
    {
      title: 'Shop',
      links: [
        { label: 'Product search', to: paths.search() },
        { label: 'Supplier directory', to: paths.suppliers },
        { label: 'Supplier map', to: paths.supplierMap },
        { label: 'Suppliers by state', to: paths.suppliersByState },
        { label: 'Brands', to: paths.brands },
      ],
    },
    {
      title: 'About',
      links: [
        { label: 'About us', to: paths.about },
        { label: 'Our story', to: paths.ourStory },
        { label: 'Our team', to: paths.team },
        { label: 'Press', to: paths.press },
        { label: 'Contact us', to: paths.contact },
      ],
    },
    {
      title: 'Help',
      links: [
        { label: 'Help Center', to: paths.helpCenter },
        { label: 'How it Works', to: paths.howItWorks },
        { label: 'FAQs', to: paths.faqs },
        { label: 'Privacy policy', to: paths.privacy },
        { label: 'Terms of use', to: paths.terms },
      ],
    },
  ];
  return (
    <StaticPage title="Sitemap" lead={`Every page of ${productName} in one place.`} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {sections.map((section) => (
          <Stack key={section.title} gap={6}>
            <Title order={2} size="h4">
              {section.title}
            </Title>
            <List listStyleType="none" spacing={4}>
              {section.links.map((link) => (
                <List.Item key={link.to}>
                  <Anchor component={Link} to={link.to}>
                    {link.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </SimpleGrid>
      {groups.length > 0 && (
        <PageSection title="Products">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="sitemap-groups">
            {groups.map((group) => (
              <Stack key={group.slug} gap={4}>
                <Anchor component={Link} to={paths.productGroup(group.slug)} fw={700}>
                  {group.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {group.families.length} {group.families.length === 1 ? 'family' : 'families'}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </PageSection>
      )}
    </StaticPage>
  );
}
