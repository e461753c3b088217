import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormControl, IconButton, InputAdornment, OutlinedInput } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { t } from '../../../i18n/t';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

/**
 * The top bar's search on phones: leads to the course list with the query (spec §2, §5).
 * The outlined field is built from `FormControl` and `OutlinedInput`, what `TextField` renders
 * without a label: `TextField` imports `Select` (and with it menus, popovers and the other
 * input variants) for its `select` prop, 10 kB gzip on every public page (ADR 041).
 */
export function PhoneSearchBox() {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useTypedBeforeHydration(input, setText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What the box shows is what is searched, whether or not React saw it typed.
    const query = (input.current?.value ?? text).trim();
    // spec §5: the search is submitted only if non-empty.
    if (!query) return;
    navigate(`/courses?${new URLSearchParams({ query }).toString()}`);
  };

  return (
    // A plain GET to the course list as well: on a slow phone, Enter before the app has taken
    // the server's page over reloaded the page (no action) and lost the search.
    <form
      role="search"
      action="/courses"
      method="get"
      onSubmit={submit}
      style={{ flex: 1, minWidth: 0 }}
    >
      <FormControl size="small" fullWidth>
        <OutlinedInput
          id={id}
          name="query"
          value={text}
          inputRef={input}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('search.shortPlaceholder')}
          fullWidth
          // A plain text input keeps the textbox role; the keyboard still offers 'search'.
          inputProps={{
            'aria-label': t('search.label'),
            enterKeyHint: 'search',
            inputMode: 'search',
          }}
          sx={{ borderRadius: 5, bgcolor: 'background.default', paddingInlineEnd: 0.5 }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton type="submit" size="small" edge="end" aria-label={t('search.submit')}>
                <SearchIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          }
        />
      </FormControl>
    </form>
  );
}
