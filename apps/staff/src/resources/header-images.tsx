import { ArrayInput, SimpleFormIterator, TextInput, required, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { SingletonEdit } from '../components/singleton-edit';
import { LTR, LTR_URL } from '../components/ltr';
import { HEADER_IMAGES_ID } from '../data/data-provider';
import { SlideImageInput } from './slide-image-input';

const F = 'resources.header-images.fields';

/**
 * The home page's header images (spec §3 home: url, and href outside or `to` inside the
 * app), saved as one list (staffPutHeaderImages). Each slide's picture is uploaded
 * and shown in the form before it is saved; every label is given in Arabic, since react-admin
 * would make English ones («Url») from the sources inside the list.
 */
export function HeaderImagesEdit() {
  const translate = useTranslate();
  return (
    <SingletonEdit
      resource="header-images"
      id={HEADER_IMAGES_ID}
      title={translate('dars.menu.header_images')}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('dars.header_images.help')}
      </Typography>
      <ArrayInput source="header_images" label={translate(`${F}.header_images`)}>
        <SimpleFormIterator inline disableReordering={false}>
          <SlideImageInput />
          <TextInput
            source="url"
            label={translate(`${F}.url`)}
            helperText={translate('dars.header_images.url_help')}
            validate={required()}
            slotProps={LTR}
          />
          <TextInput
            source="href"
            label={translate(`${F}.href`)}
            helperText={false}
            slotProps={LTR_URL}
          />
          <TextInput
            source="to"
            label={translate(`${F}.to`)}
            helperText={translate('dars.header_images.to_help')}
            slotProps={LTR}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SingletonEdit>
  );
}
