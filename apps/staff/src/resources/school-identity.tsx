import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Box, InputAdornment, Typography } from '@mui/material';
import {
  ArrayInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useInput,
  useTranslate,
} from 'react-admin';
import {
  AA_CONTRAST,
  DEFAULT_SCHOOL,
  HEX_COLOUR,
  LIGHT_TEXT,
  contrastRatio,
  readableTextOn,
} from '@dars/contract';
import type { StaffDataProvider } from '../data/data-provider';
import { LTR, LTR_URL } from '../components/ltr';
import { UploadedImageInput, type UploadedImageTexts } from '../components/uploaded-image-input';

const T = 'dars.settings.school';

/** A ratio as the server words it: floored to one decimal, so 4.49 never reads as 4.5. */
const ratioText = (ratio: number) => (Math.floor(ratio * 10) / 10).toFixed(1);

/**
 * What a colour's contrast is with the text it carries (ADR 049): white on the primary colour;
 * white or dark, whichever reads better, on the secondary. Null while it is not a colour yet.
 */
export function colourCheck(
  which: 'primary' | 'secondary',
  colour: string | undefined,
): { text: string; ratio: number; ok: boolean } | null {
  if (!colour || !HEX_COLOUR.test(colour)) return null;
  const text = which === 'primary' ? LIGHT_TEXT : readableTextOn(colour);
  const ratio = contrastRatio(colour, text);
  return { text, ratio, ok: ratio >= AA_CONTRAST };
}

/**
 * A colour: its `#rrggbb` typed left to right, with the browser's picker beside it, and the
 * contrast it reaches said as the admin picks (the server refuses the same).
 */
function ColourInput({ which }: { which: 'primary' | 'secondary' }) {
  const translate = useTranslate();
  const source = `school.${which}_color`;
  const { field } = useInput({ source });
  const value = useWatch({ name: source }) as string | undefined;
  const check = colourCheck(which, value);
  const pickerId = useId();
  const helper = check
    ? translate(check.ok ? `${T}.contrast_ok` : `${T}.contrast_low`, {
        ratio: ratioText(check.ratio),
      })
    : translate(`${T}.colour_help`);
  return (
    <TextInput
      source={source}
      label={translate(`${T}.${which}_color`)}
      helperText={helper}
      slotProps={{
        ...LTR,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                id={pickerId}
                type="color"
                aria-label={translate(`${T}.pick_colour`, {
                  name: translate(`${T}.${which}_color`),
                })}
                value={check ? value : DEFAULT_SCHOOL[`${which}_color`]}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  field.onChange(event.target.value)
                }
                sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent' }}
              />
            </InputAdornment>
          ),
        },
      }}
      sx={
        check && !check.ok
          ? { '& .MuiFormHelperText-root': { color: 'error.main', fontWeight: 600 } }
          : undefined
      }
    />
  );
}

/**
 * How the student app's top bar and a button will look in the chosen colours, name and logo
 * (the school's look at a glance before saving).
 */
function IdentityPreview() {
  const translate = useTranslate();
  const school = useWatch({ name: 'school' }) as
    | { name?: string; primary_color?: string; secondary_color?: string; logo_dark?: string | null }
    | undefined;
  const primary = colourCheck('primary', school?.primary_color)
    ? school!.primary_color!
    : DEFAULT_SCHOOL.primary_color;
  const secondary = colourCheck('secondary', school?.secondary_color)
    ? school!.secondary_color!
    : DEFAULT_SCHOOL.secondary_color;
  return (
    <Box
      role="img"
      aria-label={translate(`${T}.preview`)}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', mb: 2 }}
    >
      <Box
        sx={{
          bgcolor: primary,
          color: LIGHT_TEXT,
          px: 2,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        {school?.logo_dark && (
          <Box component="img" src={school.logo_dark} alt="" sx={{ height: 28 }} />
        )}
        <Typography sx={{ fontWeight: 700 }}>{school?.name || DEFAULT_SCHOOL.name}</Typography>
      </Box>
      <Box sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            bgcolor: primary,
            color: LIGHT_TEXT,
            px: 2,
            py: 0.75,
            borderRadius: 1,
            fontWeight: 600,
          }}
        >
          {translate(`${T}.sample_button`)}
        </Box>
        <Box
          sx={{
            bgcolor: secondary,
            color: readableTextOn(secondary),
            px: 1.5,
            py: 0.5,
            borderRadius: 4,
            fontWeight: 600,
          }}
        >
          {translate(`${T}.sample_badge`)}
        </Box>
        <Typography sx={{ color: primary, fontWeight: 600 }}>
          {translate(`${T}.sample_link`)}
        </Typography>
      </Box>
    </Box>
  );
}

/** The school's three images, each previewed at its own size. */
const IMAGES = [
  { slot: 'logo_light', previewSx: { height: 56, maxWidth: 240, bgcolor: 'common.white', p: 1 } },
  { slot: 'logo_dark', previewSx: { height: 56, maxWidth: 240, p: 1 } },
  { slot: 'favicon', previewSx: { width: 48, height: 48, p: 0.5 } },
] as const;

const imageTexts = (remove = true): UploadedImageTexts => ({
  preview: `${T}.image_preview`,
  noImage: `${T}.no_image`,
  upload: `${T}.upload`,
  replace: `${T}.replace`,
  uploading: `${T}.uploading`,
  ...(remove ? { remove: `${T}.remove` } : {}),
});

/**
 * The settings page's «هوية المدرسة» (ADR 049): the school's name, logos, favicon, colours
 * with their contrast, footer text and legal links. Saved with the rest of the settings.
 */
export function SchoolIdentityInputs() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const upload = (file: File) => dataProvider.uploadBrandImage(file);
  const primary = useWatch({ name: 'school.primary_color' }) as string | undefined;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.help`)}
      </Typography>
      <IdentityPreview />
      <TextInput source="school.name" label={translate(`${T}.name`)} />
      <ColourInput which="primary" />
      <ColourInput which="secondary" />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {IMAGES.map(({ slot, previewSx }) => (
          <UploadedImageInput
            key={slot}
            source={`school.${slot}`}
            label={translate(`${T}.${slot}`)}
            upload={upload}
            texts={imageTexts()}
            previewSx={{
              objectFit: 'contain',
              ...previewSx,
              // The dark logo is seen on the primary colour.
              ...(slot === 'logo_dark'
                ? {
                    bgcolor:
                      primary && HEX_COLOUR.test(primary) ? primary : DEFAULT_SCHOOL.primary_color,
                  }
                : {}),
            }}
            inputTestId={`${slot.replace('_', '-')}-file`}
          />
        ))}
      </Box>
      <TextInput
        source="school.footer_text"
        label={translate(`${T}.footer_text`)}
        multiline
        minRows={2}
      />
      <ArrayInput source="school.legal_links" label={translate(`${T}.legal_links`)}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="label" label={translate(`${T}.link_label`)} />
          <TextInput source="url" label={translate(`${T}.link_url`)} slotProps={LTR_URL} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
