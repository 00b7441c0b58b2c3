import type { Config } from '../config.js';
import * as users from '../modules/users/users.service.js';
import { required, withUserDatabase, type Options } from './command-line.js';

export function userSetPassword(config: Config, options: Options) {
  return withUserDatabase(config, async ({ db }) => {
    const user = await users.setPassword(
      db,
      required(options, 'email'),
      required(options, 'password'),
    );
    console.log(`Password changed for ${user.email}; their sessions were signed out.`);
  });
}
