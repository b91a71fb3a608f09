import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../paths';

type Props = {
  /** Larger field for the landing page hero. */
  size?: 'md' | 'lg';
  /** Called after a search was submitted (the slide-out menu closes itself, for instance). */
  onSearch?: (query: string) => void;
};

const searchPath = paths.search();

/**
 * The product search field: Enter opens the search page with the query. This is the seam for the live
 * results dropdown (spec part 1 §2.2: 10 results, 2 characters minimum, 250 ms debounce), which wraps
 * this field in a Combobox once the search API exists.
 */
export function HeaderSearchBox({ size = 'md', onSearch }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const onSearchPage = location.pathname === searchPath;
  const urlQuery = onSearchPage ? (new URLSearchParams(location.search).get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);

  // Keep the field in step with the search page's query, and clear it when leaving the search page.
  useEffect(() => {
    setValue(urlQuery);
  }, [urlQuery]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    navigate(paths.search(query || undefined));
    onSearch?.(query);
  };

  return (
    <search style={{ display: 'block', flex: 1, minWidth: 0 }}>
      <form onSubmit={submit}>
        <TextInput
          type="search"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder="Search products"
          aria-label="Search products"
          leftSection={<IconSearch size={size === 'lg' ? 20 : 18} aria-hidden />}
          size={size}
          radius="xl"
          enterKeyHint="search"
          autoComplete="off"
        />
      </form>
    </search>
  );
}
