import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isPhotoKey, replacePhoto, type Deps } from '@amiko/api';
import { COMMON_ERRORS, PHOTO_MAX_BYTES, photoCropSchema, type PhotoCrop } from '@amiko/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput, refuse } from '../refusals.ts';
import { authenticate, type CookieSettings } from '../session.ts';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** A stored photo's key (22 base64url characters and the extension): any other is no photo of ours. */
const photoParams = z.object({ key: z.string().refine(isPhotoKey) });

/**
 * Member photos. POST /uploads takes one photo (multipart field `photo`, plus an optional `crop` field with
 * the crop as JSON) from a signed-in, verified member and answers with the new photo and avatar URLs;
 * GET /uploads/<key> serves a stored photo. The Origin check in security.ts applies to the POST as to
 * every mutating request.
 */
export function registerUploads(app: FastifyInstance, deps: Deps, cookies: CookieSettings) {
  app.get('/uploads/:key', async (request, reply) => {
    const notFound = () => refuse(reply, 404, 'NOT_FOUND', COMMON_ERRORS.notFound);
    const params = parseInput(photoParams, request.params, reply, notFound);
    if (!params) return reply;
    const path = deps.photos.pathOf(params.key);
    const size = path
      ? await stat(path).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!path || size === null) return notFound();
    const extension = params.key.split('.').pop() ?? '';
    return (
      reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('Content-Length', size)
        // Keys are random and never reused: a stored photo never changes.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(createReadStream(path))
    );
  });

  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    });
    scope.post('/uploads', async (request, reply) => {
      const session = await authenticate(request, reply, deps.sessions, cookies);
      if (!session) return refuse(reply, 401, 'UNAUTHENTICATED', COMMON_ERRORS.notSignedIn);
      if (!session.member.emailVerified) {
        return refuse(reply, 403, 'EMAIL_NOT_VERIFIED', COMMON_ERRORS.emailNotVerified);
      }
      // Refusals (RATE_LIMITED, a photo that is no image) and failures go to the shared error handler.
      await deps.limiter.check('upload:account', session.member.id);
      const form = await readPhotoForm(request);
      if (form === 'tooLarge') return refuse(reply, 413, 'VALIDATION', 'profile:errors.photoTooLarge');
      if (form === 'malformed' || !form.photo || form.photo.length === 0) {
        return refuse(reply, 400, 'VALIDATION', 'profile:errors.photoRequired');
      }
      let crop: PhotoCrop | null = null;
      if (form.cropText) {
        crop = parseInput(photoCropSchema, safeJson(form.cropText), reply);
        if (!crop) return reply;
      }
      return replacePhoto(deps, session.member.id, form.photo, crop);
    });
  });
}

/**
 * The upload form: the photo (field `photo`) and its crop as JSON (field `crop`, optional). Anything that
 * breaks while reading it is the body's doing (not multipart, no boundary, cut short, too many parts), so
 * it is a refusal, never a failure of the server.
 */
async function readPhotoForm(
  request: FastifyRequest,
): Promise<{ photo: Buffer | null; cropText: string | null } | 'tooLarge' | 'malformed'> {
  let photo: Buffer | null = null;
  let cropText: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'photo') photo = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'crop' && typeof part.value === 'string') {
        cropText = part.value;
      }
    }
  } catch (error) {
    return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? 'tooLarge' : 'malformed';
  }
  return { photo, cropText };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
