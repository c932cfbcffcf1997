/** Polls `probe` until it returns a value (not undefined); fails naming `what` after `ms`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
