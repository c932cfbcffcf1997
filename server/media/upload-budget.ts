import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { AppError } from '../core/errors.ts';

/*
 * What image uploads may cost the process (docs/security.md): one decode at a time behind a short queue, and a
 * ceiling on each person's uploads. The pixel limit that comes before both is IMAGE_MAX_PIXELS (shared/images.ts).
 */

/**
 * Uploads that may wait while one image is decoded. Decoding takes a second or two, so the last in line waits
 * under ten; past that the editor says "busy" at once rather than hold the request (and its body) for longer.
 */
export const DECODE_QUEUE_WAITING = 4;

/** What a busy answer asks the editor to wait: about the time the decode at the head of the queue takes. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Uploads one person may make in any UPLOAD_WINDOW_MINUTES: plenty for a post's pictures, a ceiling for a script. */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MINUTES = 10;

export interface DecodeQueue {
  /** Runs `work` once no other decode is running; refuses at once (503 UNAVAILABLE) when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** One decode at a time, so the process holds one image's pixels however many uploads arrive together. */
export function createDecodeQueue(waiting = DECODE_QUEUE_WAITING): DecodeQueue {
  let running = false;
  const queue: Array<() => void> = [];
  return {
    async run(work) {
      if (running) {
        if (queue.length >= waiting) {
          throw new AppError('UNAVAILABLE', EDITOR_MESSAGES.imageBusy, { headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } });
        }
        await new Promise<void>((resolve) => queue.push(resolve));
      } else running = true;
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next in line, or free it.
        const next = queue.shift();
        if (next) next();
        else running = false;
      }
    },
  };
}

export interface UploadRate {
  /** Counts one upload by the person, or refuses it (429 RESOURCE_EXHAUSTED) when their window is full. */
  take(userId: string): void;
}

/**
 * A sliding window per person: the times of their recent uploads. Counted in this process's memory, so each
 * instance behind the proxy allows its own UPLOADS_PER_WINDOW. A person's list is at most that long, and the staff
 * are few, so nothing else is cleaned up.
 */
export function createUploadRate(now: () => number = Date.now): UploadRate {
  const windowMs = UPLOAD_WINDOW_MINUTES * 60_000;
  const recent = new Map<string, number[]>();
  return {
    take(userId) {
      const at = now();
      const times = (recent.get(userId) ?? []).filter((t) => t > at - windowMs);
      recent.set(userId, times);
      if (times.length >= UPLOADS_PER_WINDOW) {
        // Until the oldest upload in the window leaves it.
        const retryAfter = Math.ceil((times[0]! + windowMs - at) / 1000);
        const message = EDITOR_MESSAGES.imageRateLimited(UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MINUTES);
        throw new AppError('RESOURCE_EXHAUSTED', message, { headers: { 'Retry-After': String(retryAfter) } });
      }
      times.push(at);
    },
  };
}
