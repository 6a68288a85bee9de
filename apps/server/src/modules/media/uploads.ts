import { id } from '@excursio/contract/common';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, invalid } from '../../http/app-error.ts';
import type { Api } from '../../http/types.ts';
import { type EncodedVariant, encodeVariants, inspectImage } from './image-processing.ts';

export const MAX_FILES = 20;

/** An upload, checked and re-encoded in memory: nothing is stored until the whole request is good. */
export type ProcessedUpload = {
  originalName: string;
  width: number;
  height: number;
  sizeBytes: number;
  variants: EncodedVariant[];
};

export type UploadForm = { files: ProcessedUpload[]; folderId: string | null | undefined; altText: string };

const fields = {
  folder_id: z.union([id, z.literal('').transform(() => null)]),
  alt_text: z.string().trim().max(300),
};

/**
 * Adds the multipart parser to this scope only (the upload routes), with the upload limits. Every
 * other route keeps accepting JSON bodies only.
 */
export const registerMultipart = async (scope: Api, config: Pick<Config, 'MAX_UPLOAD_BYTES'>) => {
  await scope.register(multipart, {
    limits: {
      fileSize: config.MAX_UPLOAD_BYTES,
      files: MAX_FILES,
      fields: 10,
      fieldSize: 2000,
      parts: MAX_FILES + 10,
      headerPairs: 50,
    },
  });
};

/** The multipart plugin's own refusals, in the API's error shape (it answers 413/406 otherwise). */
const translate = (error: unknown, maxBytes: number): unknown => {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return invalid(
      'file',
      `The file is too large. The limit is ${Math.round(maxBytes / 1048576)} MB per file.`,
      'file_too_large',
    );
  }
  if (code === 'FST_FILES_LIMIT') return invalid('file', `Upload at most ${MAX_FILES} files at once.`, 'too_many_files');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalid(null, 'The form has too many fields.', 'too_many_fields');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR')
    return invalid(null, 'The form could not be read.', 'parse_error');
  if (code === 'FST_MP_PREMATURE_CLOSE' || (error as Error).message?.includes('Unexpected end of')) {
    return invalid(null, 'The upload ended early. Try again.', 'parse_error');
  }
  return error;
};

/** A file name safe to show: no path, no control characters, at most 255 characters. */
export const cleanFileName = (name: string | undefined) => {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 255);
  return clean || 'image';
};

/**
 * Reads a multipart upload: one or more `file` parts, optional `folder_id` and `alt_text`. Each
 * file is checked by content and re-encoded as it arrives; any bad part fails the whole request.
 */
export const readUploadForm = async (
  request: FastifyRequest,
  config: Pick<Config, 'MAX_UPLOAD_BYTES' | 'MAX_IMAGE_PIXELS'>,
): Promise<UploadForm> => {
  if (!request.isMultipart()) {
    throw new AppError(415, [{ code: 'unsupported_media_type', detail: 'Send the files as multipart/form-data.', attr: null }]);
  }
  const files: ProcessedUpload[] = [];
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid(part.fieldname, `Unknown field '${part.fieldname}'. Send files as 'file'.`, 'unknown_field');
        }
        const buf = await part.toBuffer();
        if (buf.length === 0) throw invalid('file', 'The file is empty.', 'empty_file');
        const inspected = await inspectImage(buf, config.MAX_IMAGE_PIXELS);
        const variants = await encodeVariants(buf, config.MAX_IMAGE_PIXELS);
        files.push({
          originalName: cleanFileName(part.filename),
          width: inspected.width,
          height: inspected.height,
          sizeBytes: buf.length,
          variants,
        });
      } else {
        if (!(part.fieldname in fields)) throw invalid(part.fieldname, `Unknown field '${part.fieldname}'.`, 'unknown_field');
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw translate(error, config.MAX_UPLOAD_BYTES);
  }
  if (files.length === 0) throw invalid('file', 'Choose at least one image to upload.', 'required');
  const parsed = z
    .strictObject({ folder_id: fields.folder_id.optional(), alt_text: fields.alt_text.optional() })
    .safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue.path[0] ?? ''), issue.message, 'invalid');
  }
  return { files, folderId: parsed.data.folder_id, altText: parsed.data.alt_text ?? '' };
};
