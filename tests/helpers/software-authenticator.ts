import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A passkey authenticator in software, built on node:crypto alone (not on the WebAuthn library under test): an
 * ES256 (P-256) key, the authenticator data and client data a browser would send, signed. Tests use it to make
 * real registrations and assertions, and to bend one thing at a time (the origin, the counter) to see it refused.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The few CBOR shapes WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** The parts of the server's options a browser passes on to its authenticator. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface Bend {
  /** The page's origin as the browser would report it. */
  origin?: string;
  /** The signature counter to report instead of the next one. */
  counter?: number;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle the site gave at registration, returned with each assertion as a passkey does. */
  private userHandle: string | null = null;
  counter = 0;

  /** The page's origin the browser reports, unless bent. */
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key: EC2, ES256, P-256, x and y. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create` answered: the registration response JSON the site's script would post. */
  register(options: CreationOptions, bend: Bend = {}) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? new URL(this.origin).hostname),
      Buffer.from([UP | UV | AT]),
      counterBytes(bend.counter ?? this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** `navigator.credentials.get` answered: an assertion signed with the key, counting one more use. */
  assert(options: RequestOptions, bend: Bend = {}) {
    if (bend.counter === undefined) this.counter += 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? new URL(this.origin).hostname),
      Buffer.from([UP | UV]),
      counterBytes(bend.counter ?? this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
