import { useDataProvider } from 'react-admin';
import type { StaffDataProvider } from '../data/data-provider';
import { UploadedImageInput } from '../components/uploaded-image-input';

const T = 'dars.header_images';

/**
 * One slide's picture in the home slider's form: uploaded when picked, its address in the
 * slide's `url` (the link field beside it, which requires it). Nothing reaches the students
 * until the form is saved.
 */
export function SlideImageInput() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return (
    <UploadedImageInput
      source="url"
      upload={(file) => dataProvider.uploadHeaderImage(file)}
      texts={{
        preview: `${T}.preview`,
        noImage: `${T}.no_image`,
        upload: `${T}.upload`,
        replace: `${T}.replace`,
        uploading: `${T}.uploading`,
      }}
      previewSx={{ width: 220, aspectRatio: '16 / 9', objectFit: 'cover' }}
      inputTestId="slide-image-file"
    />
  );
}
