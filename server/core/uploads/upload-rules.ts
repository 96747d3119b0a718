import { CONTRACT_FILE_MAX_BYTES, IMAGE_MAX_BYTES, MB } from '@domain/files';
import { PROFILE_PICTURE_MAX_BYTES } from '@domain/auth';
import { SYSTEM_LIMITS, SYSTEM_MESSAGES } from '@domain/systems';
import { CONTRACT_KINDS, CSV_KINDS } from './uploads';
import { IMPORT_MAX_BYTES } from '@domain/students/import';
import { imageFile, type UploadSpec } from './upload-pipeline';

/*
 * What each upload route accepts (its `config.upload`): fields, types by content, bytes per file,
 * file count and total bytes. The pipeline enforces them while the body streams.
 */

/** Admins, My Profile and students: `profilePicture`, one image ≤ 2 MB. */
export const PICTURE_UPLOAD: UploadSpec = { files: { profilePicture: imageFile('Profile picture', PROFILE_PICTURE_MAX_BYTES) } };

/** Schools: `logo`, one image ≤ 2 MB. */
export const LOGO_UPLOAD: UploadSpec = { files: { logo: imageFile('Logo', IMAGE_MAX_BYTES) } };

/** Catalogue systems: `images`, up to the catalogue's image limit, each ≤ 5 MB. */
export const SYSTEM_IMAGES_UPLOAD: UploadSpec = {
  files: {
    images: imageFile('Image', SYSTEM_LIMITS.imageMb * MB, {
      maxFiles: SYSTEM_LIMITS.images,
      tooMany: SYSTEM_MESSAGES.imagesMax,
    }),
  },
};

/** A school's contract files: `files`, PDF/DOC/DOCX/images ≤ 10 MB each, 10 at a time, 50 MB together. */
export const CONTRACT_FILES_UPLOAD: UploadSpec = {
  files: { files: { label: 'Contract file', kinds: CONTRACT_KINDS, maxBytes: CONTRACT_FILE_MAX_BYTES, maxFiles: 10 } },
  maxTotalBytes: 50 * MB,
};

/** Student CSV import: `file`, one UTF-8 .csv ≤ 5 MB (read from the temporary file, never stored). */
export const STUDENT_CSV_UPLOAD: UploadSpec = {
  files: { file: { label: 'CSV file', kinds: CSV_KINDS, maxBytes: IMPORT_MAX_BYTES } },
};
