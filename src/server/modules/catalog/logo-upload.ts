import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { logoMessages } from './inventory.service';

/** Limits of the multipart plugin for a logo upload (register it with these in the routes' plugin). */
export const logoUploadLimits = { fileSize: 5 * 1024 * 1024, files: 2, fields: 10 };

/** The logo image of a multipart upload ('file' or 'logo' part). */
export async function readLogo(request: FastifyRequest): Promise<Buffer> {
  const refuse = () =>
    new AppError('invalid_data', logoMessages.fileRequired, {
      fields: { file: logoMessages.fileRequired },
    });
  if (!request.isMultipart()) throw refuse();
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (data === null && (part.fieldname === 'file' || part.fieldname === 'logo'))
        data = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new AppError('invalid_data', logoMessages.tooLarge, { fields: { file: logoMessages.tooLarge } });
  }
  if (!data || data.length === 0) throw refuse();
  return data;
}
