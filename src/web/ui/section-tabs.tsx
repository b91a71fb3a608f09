import { Box, Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
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
}: {
  /** The nav's accessible name ('Account sections'). */
  label: string;
  sections: readonly SectionLink[];
  active: string | null;
}) {
  const listRef = useSectionInView(active);
  return (
    <Box component="nav" aria-label={label} mb="lg">
      <Tabs value={active}>
        <Tabs.List
          ref={listRef}
          className="section-tabs-list"
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
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
