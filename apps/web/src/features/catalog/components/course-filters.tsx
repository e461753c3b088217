import { useId } from 'react';
import {
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import type { NamedItem } from '@dars/contract';
import { t } from '../../../i18n/t';

interface FilterProps {
  label: string;
  options: NamedItem[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

/** A filter as a side list (desktop): a single-choice listbox with 'الكل' first. */
export function FilterList({ label, options, value, onChange }: FilterProps) {
  const labelId = useId();
  const choices: { id: number | undefined; name: string }[] = [
    { id: undefined, name: t('courses.all') },
    ...options,
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <Typography
        id={labelId}
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, px: 2, pt: 1.5, pb: 0.5 }}
      >
        {label}
      </Typography>
      <List component="div" role="listbox" aria-labelledby={labelId} dense sx={{ px: 1, pb: 1 }}>
        {choices.map((choice) => {
          const selected = choice.id === value;
          return (
            <ListItemButton
              key={choice.id ?? 'all'}
              role="option"
              aria-selected={selected}
              selected={selected}
              onClick={() => onChange(choice.id)}
              sx={{
                borderRadius: 1.5,
                '&.Mui-selected': {
                  bgcolor: 'rgba(31,79,163,0.1)',
                  color: 'primary.main',
                  fontWeight: 700,
                },
              }}
            >
              <ListItemText
                primary={choice.name}
                slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
              />
            </ListItemButton>
          );
        })}
      </List>
    </Paper>
  );
}

/** A filter as a dropdown (phone), 'الكل' when nothing is chosen. */
export function FilterSelect({ label, options, value, onChange }: FilterProps) {
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => {
        const id = Number(e.target.value);
        onChange(Number.isInteger(id) && id > 0 ? id : undefined);
      }}
      size="small"
      fullWidth
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        input: { sx: { bgcolor: 'background.paper' } },
      }}
    >
      <MenuItem value="">{t('courses.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
