import { ActionIcon, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { SearchAggregation } from '../../../../domain/search/search-results';
import { FacetCount, facetVisibleCount, SeeMoreToggle, withChosen } from './facet-checklist';

function toggle(list: string[], name: string, on: boolean): string[] {
  return on ? [...new Set([...list, name])] : list.filter((value) => value !== name);
}

/**
 * Container Type (spec part 2 §2): standard containers (Container, B&B, Pot…) with their sizes and
 * counts. Seven parents show before 'See N more'; with more than seven sizes a 'Search for sizes' box
 * narrows the list. A parent filters `standardContainer`, a size `size` (a size is named by its
 * container, '#3', or else by its size label, '2" cal B&B', and the two are the same where both exist).
 */
export function ContainerFilter({
  parents,
  chosenParents,
  chosenSizes,
  onChange,
}: {
  parents: SearchAggregation[];
  chosenParents: string[];
  chosenSizes: string[];
  onChange: (next: { standardContainer: string[]; size: string[] }) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState<string[]>([]);
  const [sizeQuery, setSizeQuery] = useState('');
  const all = withChosen(parents, chosenParents);
  const sizeCount = all.reduce((sum, parent) => sum + (parent.children?.length ?? 0), 0);
  const needle = sizeQuery.trim().toLowerCase();

  if (all.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None in these results
      </Text>
    );

  const matching = needle
    ? all
        .map((parent) => ({
          ...parent,
          children: (parent.children ?? []).filter((size) => size.name.toLowerCase().includes(needle)),
        }))
        .filter((parent) => parent.children.length > 0 || parent.name.toLowerCase().includes(needle))
    : all;
  const shown =
    expanded || needle
      ? matching
      : matching.filter((parent, index) => index < facetVisibleCount || chosenParents.includes(parent.name));

  const change = (standardContainer: string[], size: string[]) => onChange({ standardContainer, size });

  return (
    <Stack gap={8}>
      {sizeCount > facetVisibleCount && (
        <TextInput
          size="xs"
          placeholder="Search for sizes"
          aria-label="Search for sizes"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={sizeQuery}
          onChange={(event) => setSizeQuery(event.currentTarget.value)}
        />
      )}
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No sizes match “{sizeQuery.trim()}”
        </Text>
      )}
      {shown.map((parent) => {
        // A chosen size that left the counts is still listed as a removable chip above.
        const sizes = parent.children ?? [];
        const hasChosenSize = sizes.some((size) => chosenSizes.includes(size.name));
        const isOpen = Boolean(needle) || hasChosenSize || opened.includes(parent.name);
        return (
          <Stack key={parent.name} gap={6}>
            <Group justify="space-between" wrap="nowrap" gap={4}>
              <Group gap={2} wrap="nowrap">
                {sizes.length > 0 ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`${isOpen ? 'Hide' : 'Show'} ${parent.name} sizes`}
                    aria-expanded={isOpen}
                    onClick={() =>
                      setOpened((list) => toggle(list, parent.name, !opened.includes(parent.name)))
                    }
                  >
                    {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  </ActionIcon>
                ) : (
                  <span style={{ width: 22 }} />
                )}
                <Checkbox
                  size="sm"
                  label={parent.name}
                  checked={chosenParents.includes(parent.name)}
                  onChange={(event) =>
                    change(toggle(chosenParents, parent.name, event.currentTarget.checked), chosenSizes)
                  }
                />
              </Group>
              <FacetCount count={parent.count} />
            </Group>
            {isOpen && sizes.length > 0 && (
              <Stack gap={6} pl={48}>
                {sizes.map((size) => (
                  <Group key={size.name} justify="space-between" wrap="nowrap" gap="xs">
                    <Checkbox
                      size="xs"
                      label={size.name}
                      checked={chosenSizes.includes(size.name)}
                      onChange={(event) =>
                        change(chosenParents, toggle(chosenSizes, size.name, event.currentTarget.checked))
                      }
                    />
                    <FacetCount count={size.count} />
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        );
      })}
      {!needle && (
        <SeeMoreToggle
          expanded={expanded}
          hiddenCount={matching.length - shown.length}
          onToggle={() => setExpanded((value) => !value)}
        />
      )}
    </Stack>
  );
}
