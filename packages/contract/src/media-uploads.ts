// The text fields of a version's and a file's upload (a raw upload's query string, or the multipart parts
// before the file), read by the server's upload pipeline and declared on the upload routes (./routes/media.ts).
import { z } from 'zod';
import { oneLine } from './auth.ts';
import { FILE_CATEGORIES, VERSION_LABEL_MAX } from './media.ts';
import { uploadChoice, uploadQuery, uploadText } from './transfers.ts';

/**
 * The text fields of a version upload: the query string of a raw upload, or the multipart parts before the
 * file part.
 */
export const VersionUploadFieldsSchema = z.strictObject({
  label: uploadText('label', 'Label')
    .overwrite(oneLine)
    .trim()
    .max(VERSION_LABEL_MAX, `Label must be at most ${VERSION_LABEL_MAX} characters`)
    .optional(),
  makeCurrent: uploadChoice('makeCurrent', ['true', 'false'], 'makeCurrent must be true or false')
    .optional()
    .describe('true: the new version becomes the current one (the default for the first version)'),
});

/** The query string of a version upload (the raw form's fields). */
export const VersionUploadQuerySchema = uploadQuery(VersionUploadFieldsSchema);

const CATEGORY_MESSAGE = `Category must be one of: ${FILE_CATEGORIES.join(', ')}`;
export const FileUploadFieldsSchema = z.strictObject({
  category: uploadChoice('category', FILE_CATEGORIES, CATEGORY_MESSAGE),
});
/**
 * The query string of a file upload: the category is required when the file is the raw body; a multipart
 * upload sends it as a part instead.
 */
export const FileUploadQuerySchema = uploadQuery(
  z.strictObject({
    category: FileUploadFieldsSchema.shape.category
      .optional()
      .describe('Required when the file is sent as the raw body; a multipart upload sends it as a part.'),
  }),
);
