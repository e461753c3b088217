import { useId, useState } from 'react';
import { Box, Button, FormHelperText, MenuItem, Stack, TextField } from '@mui/material';
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useResourceContext,
  useTranslate,
  type InputProps,
} from 'react-admin';
import { formatNumber } from '@dars/ui/format';
import {
  MONTH_NAMES,
  cairoDayEnd,
  cairoInstant,
  cairoParts,
  daysInMonth,
  type CairoParts,
} from './cairo-time';

/** What the fields hold while typed: '' for a field not chosen yet. */
type Draft = Record<keyof CairoParts, string>;
const EMPTY: Draft = { year: '', month: '', day: '', hour: '', minute: '' };

/** The form's value while some of the fields are chosen and others not (refused on save). */
export const INCOMPLETE_DATE = 'incomplete-date';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const twoDigits = (n: number) => String(n).padStart(2, '0');

function draftOf(value: unknown): Draft {
  const parts = typeof value === 'string' && value ? cairoParts(value) : null;
  if (!parts) return EMPTY;
  return {
    year: String(parts.year),
    month: String(parts.month),
    day: String(parts.day),
    hour: String(parts.hour),
    minute: String(parts.minute),
  };
}

/** The instant the draft names, null when empty, INCOMPLETE_DATE when half chosen. */
function valueOf(draft: Draft, withTime: boolean): string | null {
  const needed: (keyof CairoParts)[] = withTime
    ? ['year', 'month', 'day', 'hour', 'minute']
    : ['year', 'month', 'day'];
  const chosen = needed.filter((k) => draft[k] !== '');
  if (chosen.length === 0) return null;
  if (chosen.length < needed.length) return INCOMPLETE_DATE;
  const year = Number(draft.year);
  const month = Number(draft.month);
  if (Number(draft.day) > daysInMonth(year, month)) return INCOMPLETE_DATE;
  return cairoInstant({
    year,
    month,
    day: Number(draft.day),
    hour: withTime ? Number(draft.hour) : 0,
    minute: withTime ? Number(draft.minute) : 0,
  });
}

/**
 * A date (and, with `withTime`, a time) as the school reads it: day, the Arabic month's name
 * and year, then hour and minute on a 24-hour clock, each a labelled list, in Cairo's time,
 * instead of the browser's date field, whose look follows the browser's language
 * (`mm/dd/yyyy`, «AM»). Its value is an ISO instant, or null when left empty; a half-chosen
 * or impossible date (31 February) is refused in Arabic before it is sent.
 * @example <DayMonthYearInput source="expires_at" withTime />
 */
export function DayMonthYearInput({
  withTime = false,
  years,
  filter,
  ...props
}: InputProps & {
  withTime?: boolean;
  years?: [number, number];
  /**
   * A list's filter: a day not fully chosen filters nothing (there is no save to refuse it),
   * and `to` sends the day's last moment, so the day itself is in the list.
   */
  filter?: 'from' | 'to';
}) {
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const groupId = useId();
  const { field, fieldState, isRequired } = useInput({
    ...props,
    ...(filter
      ? {
          parse: (value: string | null) =>
            value === INCOMPLETE_DATE || value === null
              ? undefined
              : filter === 'to'
                ? cairoDayEnd(value)
                : value,
        }
      : {}),
    validate: [
      (value: unknown) =>
        value === INCOMPLETE_DATE ? translate('dars.date.incomplete') : undefined,
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
    ],
  });
  const [draft, setDraft] = useState<Draft>(() => draftOf(field.value));
  // A new record (or a reset form) brings its own value: the fields follow it, during the
  // render as React advises for state derived from a prop (not in an effect).
  const [seen, setSeen] = useState<unknown>(field.value);
  if (field.value !== seen) {
    setSeen(field.value);
    const drafted = valueOf(draft, withTime);
    // A filter's half-chosen day is sent as nothing: the fields keep what was chosen so far.
    const halfChosenFilter = filter && field.value == null && drafted === INCOMPLETE_DATE;
    if (field.value !== INCOMPLETE_DATE && field.value !== drafted && !halfChosenFilter)
      setDraft(draftOf(field.value));
  }

  function choose(part: keyof CairoParts, chosen: string) {
    const next = { ...draft, [part]: chosen };
    setDraft(next);
    field.onChange(valueOf(next, withTime));
  }

  const thisYear = new Date().getFullYear();
  const [fromYear, toYear] = years ?? [thisYear - 5, thisYear + 10];
  const yearChoices = range(fromYear, toYear);
  if (draft.year && !yearChoices.includes(Number(draft.year))) yearChoices.push(Number(draft.year));
  const select = (
    part: keyof CairoParts,
    choices: { value: number; text: string }[],
    width: number,
  ) => (
    <TextField
      select
      // The theme makes fields full width; these sit side by side (wrapping on a phone).
      fullWidth={false}
      size="small"
      label={translate(`dars.date.${part}`)}
      value={draft[part]}
      onChange={(e) => choose(part, e.target.value)}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      sx={{ minWidth: width }}
    >
      <MenuItem value="">
        <em>{translate('dars.date.none')}</em>
      </MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.value} value={String(c.value)}>
          {c.text}
        </MenuItem>
      ))}
    </TextField>
  );
  const error = fieldState.error?.message;
  return (
    <Box
      component="fieldset"
      aria-describedby={`${groupId}-help`}
      sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}
    >
      <Box component="legend" sx={{ typography: 'body2', color: 'text.secondary', mb: 1 }}>
        <FieldTitle
          label={props.label}
          source={props.source}
          resource={resource}
          isRequired={isRequired}
        />
      </Box>
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {select(
          'day',
          range(1, 31).map((d) => ({ value: d, text: formatNumber(d) })),
          88,
        )}
        {select(
          'month',
          MONTH_NAMES.map((name, i) => ({ value: i + 1, text: name })),
          128,
        )}
        {select(
          'year',
          yearChoices.map((y) => ({ value: y, text: String(y) })),
          104,
        )}
        {withTime && (
          <>
            {select(
              'hour',
              range(0, 23).map((h) => ({ value: h, text: twoDigits(h) })),
              88,
            )}
            {select(
              'minute',
              range(0, 59).map((m) => ({ value: m, text: twoDigits(m) })),
              96,
            )}
          </>
        )}
        {!isRequired && (
          <Button
            size="small"
            onClick={() => {
              setDraft(EMPTY);
              field.onChange(null);
            }}
          >
            {translate('dars.date.clear')}
          </Button>
        )}
      </Stack>
      <FormHelperText id={`${groupId}-help`} error={Boolean(error)}>
        <InputHelperText
          error={error}
          helperText={
            props.helperText ?? translate(withTime ? 'dars.date.cairo_time' : 'dars.date.cairo_day')
          }
        />
      </FormHelperText>
    </Box>
  );
}
