import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { idParams, idPath } from '@domain/validation';
import {
  ROLLOVER_MESSAGES as M,
  rolloverChoicesSchema,
  rolloverPlanSchema,
  rolloverPreviewSchema,
  rolloverRecordSchema,
  rolloverResultSchema,
  schoolYearLabel,
} from '@domain/school-year';
import type { SchoolScope } from '@core/http/school-scope';
import { SCHOOL_NOT_FOUND } from '../schools';
import { rolloverChoices } from './service';
import { commitRollover, previewRollover } from './commit';
import { undoRollover } from './undo';

const schoolParams = idParams(SCHOOL_NOT_FOUND);
const undoParams = z.object({ id: idPath(SCHOOL_NOT_FOUND), rolloverId: idPath(M.nothingToUndo) });

/**
 * The school year's rollover: the wizard's choices, a preview, the commit, and undo. A school admin needs
 * ROLL_OVER_SCHOOL_YEAR and stays in their own school (another is 404).
 */
export const schoolYearRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('ROLL_OVER_SCHOOL_YEAR');
    const schoolOf = (request: FastifyRequest, id: number) => scope.school(request, id)!;

    app.get(
      '/schools/:id/school-year/rollover',
      {
        schema: {
          summary: "The rollover wizard's start: the year to close, its classes and learners, the last rollover",
          params: schoolParams,
          response: { 200: apiSuccess(rolloverChoicesSchema) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await rolloverChoices(app.db, schoolOf(request, request.params.id), app.config.schoolTimezone),
      }),
    );

    app.post(
      '/schools/:id/school-year/rollover/preview',
      {
        schema: {
          summary: 'Preview a rollover: every class’s change with its counts (writes nothing)',
          params: schoolParams,
          body: rolloverPlanSchema,
          response: { 200: apiSuccess(rolloverPreviewSchema) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await previewRollover(app.db, schoolOf(request, request.params.id), request.body),
      }),
    );

    app.post(
      '/schools/:id/school-year/rollover',
      {
        schema: {
          summary: 'Roll the school year over (one commit; undo within 7 days)',
          params: schoolParams,
          body: rolloverPlanSchema,
          response: { 200: apiSuccess(rolloverResultSchema) },
        },
        config,
      },
      async (request) => {
        const data = await commitRollover(app.db, schoolOf(request, request.params.id), request.body, request.actor());
        const moved = data.preview.totals.promoted + data.preview.totals.retained;
        return { success: true as const, data, message: M.committed(schoolYearLabel(request.body.year), moved) };
      },
    );

    app.post(
      '/schools/:id/school-year/rollovers/:rolloverId/undo',
      {
        schema: {
          summary: 'Undo the latest rollover (within 7 days): everything it changed goes back as it was',
          params: undoParams,
          response: { 200: apiSuccess(rolloverRecordSchema) },
        },
        config,
      },
      async (request) => {
        const data = await undoRollover(app.db, schoolOf(request, request.params.id), request.params.rolloverId, request.actor());
        return { success: true as const, data, message: M.undoDone(schoolYearLabel(data.from)) };
      },
    );
  };
