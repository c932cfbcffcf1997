import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/core/logger.ts';
import { errorHandler } from '../../server/http/error-handler.ts';
import { requestLog } from '../../server/http/request-log.ts';
import { functionsRouter } from '../../server/leads/functions-routes.ts';
import type { LeadService } from '../../server/leads/lead-service.ts';

/** The endpoints in front of a lead service that never answers (a stuck database, say). */
function appWithStuckService(timeoutMs: number) {
  const stuck = () => new Promise<{ id: string }>(() => {});
  const leads: LeadService = { submitContact: stuck, submitQuote: stuck };
  const app = express();
  app.use(requestLog(app, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })));
  app.use(functionsRouter({ leads, config: { RATE_LIMIT_PER_MINUTE: 100, RATE_LIMIT_PER_DAY: 100, FUNCTION_TIMEOUT_MS: timeoutMs } }));
  app.use(errorHandler);
  return app;
}

describe('function deadline', () => {
  it.each(['submitContact', 'submitQuote'])('%s still working past FUNCTION_TIMEOUT_MS is answered 504 DEADLINE_EXCEEDED', async (name) => {
    const res = await request(appWithStuckService(50))
      .post(`/functions/${name}`)
      .send({ data: { name: 'Ada' } });
    expect(res.status).toBe(504);
    expect(res.body.error).toMatchObject({ status: 'DEADLINE_EXCEEDED', message: 'The request took too long. Please try again.' });
  });
});
