import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { t } from '../../../i18n/t';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * The course list's search box. It searches while the user types (after a short pause)
 * and on Enter; `query` is the searched text from the URL, which it follows when it
 * changes from outside (reset, a link). Text typed into the server's page before the app took
 * it over is searched as soon as it has.
 */
export function CourseSearchField({
  query,
  onSearch,
}: {
  query: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  const timer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  if (query !== seenQuery) {
    // The URL changed: take its text unless it is what the user is typing already.
    setSeenQuery(query);
    if (query !== text.trim()) setText(query);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const searchNow = (value: string) => {
    window.clearTimeout(timer.current);
    onSearch(value);
  };

  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearch(value), SEARCH_DEBOUNCE_MS);
  };

  useTypedBeforeHydration(input, (typed) => {
    if (typed !== text) change(typed);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchNow(text);
  };

  return (
    // A plain GET to the course list as well, for Enter before the app has taken the server's
    // page over (without an action the page reloaded and the text was lost).
    <form role="search" action="/courses" method="get" onSubmit={submit}>
      <TextField
        name="query"
        value={text}
        inputRef={input}
        onChange={(e) => change(e.target.value)}
        placeholder={t('search.placeholder')}
        fullWidth
        slotProps={{
          htmlInput: {
            'aria-label': t('courses.searchLabel'),
            enterKeyHint: 'search',
            inputMode: 'search',
          },
          input: {
            sx: { bgcolor: 'background.paper', borderRadius: 2 },
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon color="action" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t('search.clear')}
                  edge="end"
                  onClick={() => {
                    setText('');
                    searchNow('');
                  }}
                >
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    </form>
  );
}
