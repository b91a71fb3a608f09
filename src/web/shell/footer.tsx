import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconMail,
  IconPhone,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { productName, supportContact } from '../../domain/brand';
import { useCurrentUser } from '../api/current-user';
import { externalLinks, paths } from '../paths';
import classes from './footer.module.css';
import { HedgerowLogo } from './hedgerow-logo';
import { NewsletterSignup } from './newsletter-signup';
import {
  familiesOf,
  type ProductGroupSection,
  productGroupSections,
  useProductGroupNav,
} from './product-group-nav';
import type { ShellLink } from './shell-links';

const aboutLinks: ShellLink[] = [
  { label: 'About Us', to: paths.about },
  { label: 'Our Story', to: paths.ourStory },
  { label: 'Our Team', to: paths.team },
  { label: 'Features', to: paths.features },
  { label: 'Press', to: paths.press },
  { label: 'Careers', to: paths.careers },
  { label: 'Contact Us', to: paths.contact },
];

const resourceLinks: ShellLink[] = [
  { label: 'Help Center', to: paths.helpCenter },
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'FAQs', to: paths.faqs },
  { label: 'Blog', to: externalLinks.blog, external: true },
  { label: 'Podcast', to: externalLinks.podcast, external: true },
  { label: 'Marketplace Reports', to: externalLinks.marketplaceReports, external: true },
];

const socialLinks = [
  { label: 'Facebook', href: externalLinks.facebook, Icon: IconBrandFacebook },
  { label: 'Instagram', href: externalLinks.instagram, Icon: IconBrandInstagram },
  { label: 'LinkedIn', href: externalLinks.linkedin, Icon: IconBrandLinkedin },
];

function FooterLink({ link }: { link: ShellLink }) {
  return link.external ? (
    <a className={classes.link} href={link.to} target="_blank" rel="noreferrer">
      {link.label}
    </a>
  ) : (
    <Link className={classes.link} to={link.to}>
      {link.label}
    </Link>
  );
}

function LinkColumn({ title, links }: { title: string; links: ShellLink[] }) {
  return (
    <Box>
      <Title order={2} className={classes.heading}>
        {title}
      </Title>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {links.map((link) => (
          <li key={link.label}>
            <FooterLink link={link} />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * A footer section's links (part 1 §2.3): Plants lists the plant groups themselves (Trees, Shrubs,
 * Perennials & Grasses…), Hard Goods every family of the hard-goods groups. A name two groups share
 * is told apart by its group.
 */
function sectionLinks(section: ProductGroupSection): ShellLink[] {
  if (section.label === 'Plants') {
    return section.groups.map((group) => ({ label: group.name, to: paths.productGroup(group.slug) }));
  }
  const families = familiesOf(section.groups);
  const groupNames = new Map(section.groups.map((group) => [group.slug, group.name]));
  const shared = new Set(
    families.map((family) => family.name).filter((name, index, names) => names.indexOf(name) !== index),
  );
  return families.map((family) => ({
    label: shared.has(family.name) ? `${family.name} (${groupNames.get(family.groupSlug)})` : family.name,
    to: paths.productFamily(family.groupSlug, family.slug),
  }));
}

/** The site footer (spec part 1 §2.3). */
export function Footer() {
  const { user } = useCurrentUser();
  const supplierLinks: ShellLink[] = [
    { label: 'Supplier Directory', to: paths.suppliers },
    { label: 'Suppliers By State', to: paths.suppliersByState },
    { label: 'Brands', to: paths.brands },
    user
      ? { label: 'Favorite Suppliers', to: paths.favoriteSuppliers }
      : { label: 'Become a Supplier', to: paths.becomeSupplier },
  ];
  const productGroups = useProductGroupNav();
  const productSections = productGroupSections(productGroups).map((section) => ({
    label: section.label,
    links: sectionLinks(section),
  }));

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={{ base: 40, md: 56 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 64 }} mb={{ base: 36, md: 48 }}>
          <Stack gap="sm" maw={440}>
            <HedgerowLogo to={user ? paths.home : paths.landing} tone="light" />
            <Text size="sm" c="hedge.1">
              Find, price and order plants and hard goods from nursery and distributor branches near your jobs
              — and turn a spreadsheet plant list into a priced order in minutes.
            </Text>
            <Group gap={4} ml={-8}>
              {socialLinks.map(({ label, href, Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noreferrer"
                  variant="subtle"
                  color="hedge.0"
                  size={44}
                  aria-label={`${productName} on ${label}`}
                >
                  <Icon size={22} stroke={1.6} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          <Box>
            <Title order={2} className={classes.heading}>
              Get the newsletter
            </Title>
            <Text size="sm" c="hedge.1" mb="sm">
              Availability trends, new suppliers and product news for landscape pros, once a month.
            </Text>
            <NewsletterSignup />
          </Box>
        </SimpleGrid>

        <SimpleGrid
          component="nav"
          aria-label="Footer"
          cols={{ base: 2, sm: 3, md: 4 + productSections.length }}
          spacing={{ base: 'lg', md: 'xl' }}
          verticalSpacing={{ base: 28, md: 'xl' }}
        >
          {productSections.map((section) => (
            <LinkColumn key={section.label} title={section.label} links={section.links} />
          ))}
          <LinkColumn title="About Us" links={aboutLinks} />
          <LinkColumn title="Resources" links={resourceLinks} />
          <LinkColumn title="Suppliers" links={supplierLinks} />
          <Box>
            <Title order={2} className={classes.heading}>
              Support
            </Title>
            <Stack gap={0}>
              <a className={classes.link} href={supportContact.phoneHref}>
                <IconPhone size={16} aria-hidden />
                {supportContact.phone}
              </a>
              <a className={classes.link} href={`mailto:${supportContact.email}`}>
                <IconMail size={16} aria-hidden />
                {supportContact.email}
              </a>
              <Text size="xs" c="hedge.2" mt={4}>
                Monday–Friday, 7 am–6 pm Eastern
              </Text>
            </Stack>
          </Box>
        </SimpleGrid>
      </Container>

      <Box className={classes.divider}>
        <Container size="xl" py="md">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="hedge.1">
              © {new Date().getFullYear()} {productName}. All rights reserved.
            </Text>
            <Group component="nav" aria-label="Legal" gap="lg">
              <Anchor component={Link} to={paths.privacy} className={classes.link} fz="xs">
                Privacy Policy
              </Anchor>
              <Anchor component={Link} to={paths.terms} className={classes.link} fz="xs">
                Terms of Use
              </Anchor>
              <Anchor component={Link} to={paths.sitemap} className={classes.link} fz="xs">
                Sitemap
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
