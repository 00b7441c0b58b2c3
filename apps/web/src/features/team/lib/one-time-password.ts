/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;
/** The largest multiple of the alphabet's size a byte holds: bytes above it would bias the draw. */
const FAIR_LIMIT = 256 - (256 % ALPHABET.length);

type RandomBytes = (length: number) => Uint8Array;

const cryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

function randomCharacters(count: number, randomBytes: RandomBytes) {
  let result = '';
  while (result.length < count) {
    for (const byte of randomBytes(count)) {
      if (byte < FAIR_LIMIT && result.length < count)
        result += ALPHABET.charAt(byte % ALPHABET.length);
    }
  }
  return result;
}

/**
 * A password for a member to sign in with once: four groups of five, about 116 random bits,
 * far from any common password and past the server's length rule. One that happens to hold the
 * email's name (the server refuses those) is drawn again.
 */
export function oneTimePassword(email: string, randomBytes: RandomBytes = cryptoBytes): string {
  const name = (email.split('@')[0] ?? '').toLowerCase();
  for (;;) {
    const characters = randomCharacters(GROUPS * GROUP_LENGTH, randomBytes);
    const password = Array.from({ length: GROUPS }, (_, group) =>
      characters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH),
    ).join('-');
    if (name.length < 3 || !password.toLowerCase().includes(name)) return password;
  }
}
