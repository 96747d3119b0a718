import compress, { type FastifyCompressOptions } from '@fastify/compress';

/**
 * API answers (JSON) and CSV exports go compressed to a browser that accepts it: an Attendance History page or a
 * learner's month is 4–40 KB of JSON that brotli makes a tenth of, which a phone on a slow link feels. Not compressed: answers under 1 KB (a reader's tap reply: the
 * work would cost more than it saves), files that are compressed already (XLSX, ZIP, PDF, images) and the built
 * site, whose .br/.gz files are written at build time (scripts/compress-dist.mjs). Request bodies are never
 * inflated: the body limits count the bytes that arrive.
 */
export const compressionOptions: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  customTypes: /^(application\/json|text\/csv)\b/,
};

export { compress as compressionPlugin };
