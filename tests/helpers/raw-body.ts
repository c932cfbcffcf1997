/**
 * Sends a body's bytes as they are, for supertest's `.serialize(asBytes)`: under a JSON Content-Type superagent
 * would otherwise send a Buffer as `{"type":"Buffer","data":[…]}`, and the bytes under test never leave.
 */
export const asBytes = (body: Buffer) => body as unknown as string;
