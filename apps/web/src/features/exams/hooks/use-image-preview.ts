import { useEffect, useState } from 'react';

/**
 * A picture of a picked file to show before it is uploaded (a data URL, read in the
 * background), or null while reading and when there is no file.
 * @example const src = useImagePreview(file)
 */
export function useImagePreview(blob: Blob | null): string | null {
  const [preview, setPreview] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const reader = new FileReader();
    reader.onload = () => setPreview({ blob, url: String(reader.result) });
    reader.readAsDataURL(blob);
    return () => reader.abort();
  }, [blob]);
  return blob && preview?.blob === blob ? preview.url : null;
}
