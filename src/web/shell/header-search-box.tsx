import { Button, Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  headerSearchDebounceMs,
  headerSearchMinCharacters,
  headerSearchResultCount,
} from '../../domain/search/header-search';
import { formatNumber } from '../../domain/text/number-format';
import { useCurrentUser } from '../api/current-user';
import { headerSearchPageName, useHeaderSearch } from '../features/search/api/header-search';
import { recordSearchClick } from '../features/search/api/record-search-click';
import { HeaderSearchOption } from '../features/search/components/header-search-option';
import { paths } from '../paths';

type Props = {
  /** Larger field for the landing page hero. */
  size?: 'md' | 'lg';
  /** Called after a search was submitted or a result opened (the slide-out menu closes itself, for instance). */
  onSearch?: (query: string) => void;
};

const searchPath = paths.search();

/** 'Show N More Results' when more than the 10 shown exist, else 'Show All Results' (spec part 1 §2.2). */
export function showMoreLabel(totalCount: number): string {
  const more = totalCount - headerSearchResultCount;
  return more > 0 ? `Show ${formatNumber(more)} More Results` : 'Show All Results';
}

/**
 * The product search field with live results (spec part 1 §2.2, part 2 §5): after 2 characters and a
 * 250 ms pause it shows up to 10 products; arrows move through them, Enter on one opens it, Enter
 * otherwise (or the footer button) opens the search page, Escape closes. Each query is asked once.
 */
export function HeaderSearchBox({ size = 'md', onSearch }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const onSearchPage = location.pathname === searchPath;
  const urlQuery = onSearchPage ? (new URLSearchParams(location.search).get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const trimmed = value.trim();
  const [debounced] = useDebouncedValue(trimmed, headerSearchDebounceMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Live results are asked for only while the dropdown is open: the search page fills the field with
  // its query, and searching for a dropdown nobody opened costs a request and a render at start.
  const search = useHeaderSearch(combobox.dropdownOpened ? debounced : '');
  const { closeDropdown } = combobox;

  // Keep the field in step with the search page's query, and clear it when leaving the search page.
  useEffect(() => {
    setValue(urlQuery);
  }, [urlQuery]);

  // Any navigation (a result, a search, the back button) closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => {
    closeDropdown();
  }, [location.key]);

  const results = search.data?.results ?? [];
  const totalCount = search.data?.totalCount ?? 0;
  const longEnough = trimmed.length >= headerSearchMinCharacters;
  // Until the pause is over (or the answer is in), the dropdown says it is searching.
  const waiting = longEnough && (debounced !== trimmed || (!search.data && search.isFetching));
  const showDropdown = longEnough && !search.isError && (waiting || search.data !== undefined);

  // A fresh answer starts with no option highlighted, so Enter searches rather than opening a result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is the trigger
  useEffect(() => {
    combobox.resetSelectedOption();
  }, [search.data]);

  const goToSearch = (query: string) => {
    closeDropdown();
    navigate(paths.search(query || undefined));
    onSearch?.(query);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    goToSearch(trimmed);
  };

  const openResult = (pathIdentifier: string) => {
    const product = results.find((result) => result.pathIdentifier === pathIdentifier);
    if (!product) return;
    recordSearchClick({
      query: debounced,
      pageName: headerSearchPageName,
      product,
      resultsCount: totalCount,
    });
    closeDropdown();
    navigate(paths.product(product.pathIdentifier));
    onSearch?.(debounced);
  };

  return (
    <search style={{ display: 'block', flex: 1, minWidth: 0 }}>
      <form onSubmit={submit}>
        <Combobox
          store={combobox}
          onOptionSubmit={openResult}
          position="bottom-start"
          offset={6}
          shadow="lg"
          radius="md"
          withinPortal
          zIndex={400}
          // Mantine keeps a combobox's dropdown mounted (hidden) by default, so every page would position
          // it (and follow scrolling) from the start; here it exists only while open.
          keepMounted={false}
        >
          <Combobox.Target autoComplete="off" withExpandedAttribute>
            <TextInput
              type="search"
              value={value}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValue(next);
                if (next.trim().length >= headerSearchMinCharacters) combobox.openDropdown();
                else closeDropdown();
              }}
              onFocus={() => longEnough && combobox.openDropdown()}
              onClick={() => longEnough && combobox.openDropdown()}
              onBlur={() => closeDropdown()}
              onKeyDown={(event) => {
                // A search field clears itself on Escape; here Escape only closes the dropdown.
                if (event.key === 'Escape' && combobox.dropdownOpened) event.preventDefault();
              }}
              placeholder="Search products"
              aria-label="Search products"
              leftSection={<IconSearch size={size === 'lg' ? 20 : 18} aria-hidden />}
              size={size}
              radius="xl"
              enterKeyHint="search"
              autoComplete="off"
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!showDropdown} p={0} data-testid="header-search-dropdown" miw={300}>
            {waiting && !search.data ? (
              <Group gap="xs" p="md" justify="center">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Searching…
                </Text>
              </Group>
            ) : (
              <>
                <Combobox.Options aria-label="Matching products">
                  <ScrollArea.Autosize mah="min(60vh, 520px)" type="scroll">
                    <div style={{ padding: 4 }}>
                      {results.map((product) => (
                        <HeaderSearchOption key={product.id} product={product} signedIn={Boolean(user)} />
                      ))}
                      {/* Only an answer to a search that ran (long enough) can say nothing matched. */}
                      {results.length === 0 &&
                        longEnough &&
                        debounced.length >= headerSearchMinCharacters && (
                          <Combobox.Empty py="md">{`No products match "${debounced}"`}</Combobox.Empty>
                        )}
                    </div>
                  </ScrollArea.Autosize>
                </Combobox.Options>
                {results.length > 0 && (
                  <Combobox.Footer p={6}>
                    <Button
                      fullWidth
                      variant="light"
                      // Keep the focus in the field so the dropdown is not closed before the click lands.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => goToSearch(debounced)}
                      data-testid="header-search-show-all"
                    >
                      {showMoreLabel(totalCount)}
                    </Button>
                  </Combobox.Footer>
                )}
              </>
            )}
          </Combobox.Dropdown>
        </Combobox>
      </form>
    </search>
  );
}
