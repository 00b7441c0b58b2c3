import type { Config } from '../config.js';
import * as users from '../modules/users/users.service.js';
import { required, withUserDatabase, type Options } from './command-line.js';

export function userDeactivate(config: Config, options: Options) {
  return withUserDatabase(config, async ({ db }) => {
    const user = await users.deactivateUser(db, required(options, 'email'));
    console.log(`Deactivated ${user.email}; their sessions were signed out.`);
  });
}
