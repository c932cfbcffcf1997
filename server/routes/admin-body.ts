import express, { type RequestHandler } from 'express';
import { rejectNulCharacters } from '../middleware/reject-nul.ts';

/** Admin requests carry JSON (fetch from the hydrated pages) or a urlencoded form (sign-in, sign-out). */
export const adminBodyParsers: RequestHandler[] = [
  express.json({ limit: '2mb' }),
  express.urlencoded({ extended: false, limit: '100kb' }),
  rejectNulCharacters,
];
