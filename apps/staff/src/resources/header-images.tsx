import {
  ArrayInput,
  Edit,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { SaveOnlyToolbar } from '../components/save-only-toolbar';
import { LTR, LTR_URL } from '../components/ltr';
import { HEADER_IMAGES_ID } from '../data/data-provider';

/**
 * The home page's header images (spec §3 home: url, and href outside or `to` inside the
 * app), saved as one list (PUT /staff/home/header-images).
 */
export function HeaderImagesEdit() {
  const translate = useTranslate();
  return (
    <Edit
      resource="header-images"
      id={HEADER_IMAGES_ID}
      mutationMode="pessimistic"
      redirect={false}
      title={translate('dars.menu.header_images')}
    >
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <ArrayInput source="header_images">
          <SimpleFormIterator inline disableReordering={false}>
            <TextInput source="url" validate={required()} slotProps={LTR} />
            <TextInput source="href" slotProps={LTR_URL} />
            <TextInput source="to" slotProps={LTR} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
