import { Box, Button, Menu, Tabs } from '@mantine/core';
import { type Icon, IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSectionInView } from './use-section-in-view';

export type SectionLink = { value: string; label: string; to: string; icon: Icon };

/**
 * An area's section links as tabs: each tab is a real link (it opens in a new tab too), and on a
 * phone the row scrolls sideways with the active tab kept in view, its right edge fading out (and a
 * thin scrollbar) to show there is more.
 */
export function SectionTabs({
  label,
  sections,
  active,
  many = false,
}: {
  /** The nav's accessible name ('Account sections'). */
  label: string;
  sections: readonly SectionLink[];
  active: string | null;
  /**
   * Too many sections for one row (Beehive): the tabs wrap onto more rows on a wide screen, and a
   * phone gets one menu button naming the current section instead of a long sideways row.
   */
  many?: boolean;
}) {
  const listRef = useSectionInView(active);
  const current = sections.find((section) => section.value === active) ?? sections[0];
  return (
    <Box component="nav" aria-label={label} mb="lg">
      {many && current && (
        <Menu position="bottom-start" width={260}>
          <Menu.Target>
            <Button
              hiddenFrom="sm"
              variant="default"
              leftSection={<current.icon size={16} stroke={1.6} />}
              rightSection={<IconChevronDown size={16} />}
              fullWidth
              justify="space-between"
              aria-label={`${label}: ${current.label}`}
            >
              {current.label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
            {sections.map((section) => (
              <Menu.Item
                key={section.value}
                component={Link}
                to={section.to}
                leftSection={<section.icon size={16} stroke={1.6} />}
                aria-current={section.value === active ? 'page' : undefined}
                fw={section.value === active ? 600 : undefined}
              >
                {section.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Tabs value={active} visibleFrom={many ? 'sm' : undefined}>
        <Tabs.List
          ref={listRef}
          className="section-tabs-list"
          style={
            many
              ? { flexWrap: 'wrap', rowGap: 2 }
              : { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }
          }
        >
          {sections.map((section) => (
            <Tabs.Tab
              key={section.value}
              value={section.value}
              data-section={section.value}
              leftSection={<section.icon size={16} stroke={1.6} />}
              renderRoot={(props) => <Link {...props} to={section.to} />}
              style={{ whiteSpace: 'nowrap' }}
            >
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Box>
  );
}
