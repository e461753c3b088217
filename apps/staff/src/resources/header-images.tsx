import {
  ArrayInput,
  Edit,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { LTR } from '../components/ltr';
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
      <SimpleForm>
        <ArrayInput source="header_images">
          <SimpleFormIterator inline disableReordering={false}>
            <TextInput source="url" validate={required()} slotProps={LTR} />
            <TextInput source="href" type="url" slotProps={LTR} />
            <TextInput source="to" slotProps={LTR} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
