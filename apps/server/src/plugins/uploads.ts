import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AppError, replacePhoto, type Deps } from '@amiko/api';
import { COMMON_ERRORS, PHOTO_MAX_BYTES, photoCropSchema, type AppErrorCode } from '@amiko/core';
import fastifyMultipart from '@fastify/multipart';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate, type CookieSettings } from '../session.ts';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Refusals look like tRPC's: an i18n key the UI translates and a stable code. */
function refuse(reply: FastifyReply, status: number, appCode: AppErrorCode, message: string) {
  return reply.code(status).send({ error: { message, appCode } });
}

/**
 * Member photos. POST /uploads takes one photo (multipart field `photo`, plus an optional `crop` field with
 * the crop as JSON) from a signed-in, verified member and answers with the new photo and avatar URLs;
 * GET /uploads/<key> serves a stored photo. The Origin check in security.ts applies to the POST as to
 * every mutating request.
 */
export function registerUploads(app: FastifyInstance, deps: Deps, cookies: CookieSettings) {
  app.get<{ Params: { key: string } }>('/uploads/:key', async (request, reply) => {
    const path = deps.photos.pathOf(request.params.key);
    const size = path
      ? await stat(path).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!path || size === null) return reply.code(404).send({ error: 'Not found' });
    const extension = request.params.key.split('.').pop() ?? '';
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
      try {
        await deps.limiter.check('upload:account', session.member.id);
        let photo: Buffer | null = null;
        let cropText: string | null = null;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'photo') photo = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'crop' && typeof part.value === 'string') {
            cropText = part.value;
          }
        }
        if (!photo || photo.length === 0) {
          return refuse(reply, 400, 'VALIDATION', 'profile:errors.photoRequired');
        }
        const crop = cropText ? photoCropSchema.safeParse(safeJson(cropText)) : null;
        if (crop && !crop.success) return refuse(reply, 400, 'VALIDATION', COMMON_ERRORS.invalidInput);
        return await replacePhoto(deps, session.member.id, photo, crop?.data ?? null);
      } catch (error) {
        if (error instanceof AppError) {
          return refuse(reply, getHTTPStatusCodeFromError(error), error.appCode, error.message);
        }
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          return refuse(reply, 413, 'VALIDATION', 'profile:errors.photoTooLarge');
        }
        if (code?.startsWith('FST_')) return refuse(reply, 400, 'VALIDATION', 'profile:errors.photoRequired');
        request.log.error({ err: error }, 'photo upload failed');
        return refuse(reply, 500, 'INTERNAL', COMMON_ERRORS.unknown);
      }
    });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
