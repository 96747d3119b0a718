import type { FastifyInstance } from 'fastify';
import { readerCreateSchema, readerUpdateSchema, READER_MESSAGES } from '../../src/domain/rfid';
import { idQuery } from '../../src/domain/list-filters';
import { z } from 'zod';
import { idParam } from '../lib/query';
import { createReader, deleteReader, getReader, listReaders, rotateReaderToken, updateReader } from '../services/rfid-readers';
import { recentUnknownTaps } from '../services/taps';

const listQuery = z.object({ schoolId: idQuery('School ID') });
const readerId = (params: unknown) => idParam((params as { id: string }).id, READER_MESSAGES.notFound);

/** Issue #11: RFID readers (super admin). The token is in the answer of create and rotate-token only. */
export default async function rfidReaderRoutes(app: FastifyInstance) {
  app.get('/rfid-readers', async (request) => {
    const { schoolId } = listQuery.parse(request.query ?? {});
    return { success: true, data: await listReaders(app.db, { schoolId }) };
  });

  app.post('/rfid-readers', async (request, reply) => {
    const data = await createReader(app.db, readerCreateSchema.parse(request.body ?? {}), request.actor());
    return reply.status(201).send({ success: true, data, message: 'Reader added. Copy its token now: it is shown only once.' });
  });

  app.get('/rfid-readers/:id', async (request) => ({ success: true, data: await getReader(app.db, readerId(request.params)) }));

  app.patch('/rfid-readers/:id', async (request) => {
    const id = readerId(request.params);
    const data = await updateReader(app.db, id, readerUpdateSchema.parse(request.body ?? {}), request.actor());
    return { success: true, data, message: 'Reader updated successfully' };
  });

  app.delete('/rfid-readers/:id', async (request) => {
    await deleteReader(app.db, readerId(request.params), request.actor());
    return { success: true, message: 'Reader deleted successfully' };
  });

  app.post('/rfid-readers/:id/rotate-token', async (request) => {
    const data = await rotateReaderToken(app.db, readerId(request.params), request.actor());
    return { success: true, data, message: 'New token issued. Copy it now: it is shown only once.' };
  });

  /** Taps of cards no student has (latest 20): shown so a card can be registered. */
  app.get('/rfid-taps/unknown', async () => ({ success: true, data: await recentUnknownTaps(app.db, 20) }));
}
