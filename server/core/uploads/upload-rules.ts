import { PROFILE_PICTURE_MAX_BYTES } from '@domain/auth';
import { imageFile, type UploadSpec } from './upload-pipeline';

/*
 * What an upload route accepts (its `config.upload`): fields, types by content, bytes per file, file count and
 * total bytes; the pipeline enforces them while the body streams. Each feature declares its own next to its
 * routes; the profile picture is here because admins, My Profile and students share it.
 */

/** Admins, My Profile and students: `profilePicture`, one image ≤ 2 MB. */
export const PICTURE_UPLOAD: UploadSpec = { files: { profilePicture: imageFile('Profile picture', PROFILE_PICTURE_MAX_BYTES) } };
