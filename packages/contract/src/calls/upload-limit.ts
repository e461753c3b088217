/**
 * The file part of a multipart call: its form field and the most bytes the server reads of it
 * (UPLOAD_MAX_BYTES, ATTACHMENT_MAX_BYTES). The server reads the file by it (lib/multipart.ts)
 * and bounds the whole request body by it, so a body declared larger is refused before it is
 * sent (ADR 036).
 * @example const upload: UploadLimit = { field: 'avatar', maxBytes: UPLOAD_MAX_BYTES }
 */
export interface UploadLimit {
  readonly field: string;
  readonly maxBytes: number;
}
