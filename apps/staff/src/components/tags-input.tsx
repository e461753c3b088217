import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useInput, useTranslate, type Validator } from 'react-admin';
import { QUESTION_TAGS_MAX } from '@dars/contract';

/** What separates tags typed or pasted in one go: a comma (Latin or Arabic) or a new line. */
const SEPARATORS = /[,،\n]/;

/**
 * The tags a text gives: trimmed, without empty ones or repeats.
 * @example tagsOf(['الحركة'], 'قوانين، الحركة') // ['الحركة', 'قوانين']
 */
export function tagsOf(now: readonly string[], text: string): string[] {
  const out = [...now];
  for (const part of text.split(SEPARATORS)) {
    const tag = part.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** The contract's rule for a question's tags (staffQuestionTags), said before the server does. */
const validTags: Validator = (value: unknown) => {
  const tags = Array.isArray(value) ? (value as string[]) : [];
  if (tags.length > QUESTION_TAGS_MAX) return 'dars.banks.question.tags_max';
  if (tags.some((t) => t.includes('|'))) return 'dars.banks.question.tags_bar';
  if (tags.some((t) => t.length > 40)) return 'dars.banks.question.tags_long';
  return undefined;
};

/**
 * A bank question's tags (ADR 046): short words typed one by one (Enter, a comma, or leaving
 * the field adds the word), each shown as a chip that Backspace or its × removes.
 */
export function TagsInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const {
    field,
    fieldState: { error, invalid },
    id,
  } = useInput({ source, validate: validTags, defaultValue: [] });
  const tags: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const helper = invalid && error?.message ? translate(error.message, { _: error.message }) : null;
  return (
    <Autocomplete<string, true, false, true>
      id={id}
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={tags}
      inputValue={text}
      onInputChange={(_, value, reason) => {
        // A separator typed or pasted adds what came before it.
        if (reason === 'input' && SEPARATORS.test(value)) {
          const parts = value.split(SEPARATORS);
          const rest = parts.pop() ?? '';
          field.onChange(tagsOf(tags, parts.join(',')));
          setText(rest);
          return;
        }
        setText(value);
      }}
      onChange={(_, value) => field.onChange(tagsOf([], value.join(',')))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          error={invalid}
          helperText={helper ?? translate('dars.banks.question.tags_help')}
        />
      )}
      sx={{ minWidth: 280, maxWidth: 560, width: '100%', mb: 2 }}
    />
  );
}
