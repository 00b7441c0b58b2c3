import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
const ISSUER = 'ideaforge';
const AUDIENCE = 'ideaforge-api';
const ALGORITHM = 'HS256';

/** Who a token speaks for: the user, at the session version it was issued under. */
export interface TokenSubject {
  id: number;
  sessionVersion: number;
}

export interface AccessTokens {
  sign(user: TokenSubject): Promise<string>;
  /** The subject of a valid access token, or null for anything else. */
  verify(token: string): Promise<TokenSubject | null>;
}

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (user) =>
      new SignJWT({ token_type: 'access', ver: user.sessionVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'JWT',
          requiredClaims: ['exp', 'sub'],
        });
        if (payload.token_type !== 'access') return null;
        const id = Number(payload.sub);
        const sessionVersion = payload.ver;
        if (!Number.isSafeInteger(id) || id <= 0) return null;
        if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion))
          return null;
        return { id, sessionVersion };
      } catch {
        return null;
      }
    },
  };
}
