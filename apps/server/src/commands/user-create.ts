import type { Config } from '../config.js';
import * as users from '../modules/users/users.service.js';
import { required, withUserDatabase, type Options } from './command-line.js';

export function userCreate(config: Config, options: Options) {
  return withUserDatabase(config, async ({ db }) => {
    const user = await users.createUser(db, {
      email: required(options, 'email').trim().toLowerCase(),
      password: required(options, 'password'),
      first_name: options['first-name'] ?? '',
      last_name: options['last-name'] ?? '',
      is_staff: options.admin,
    });
    console.log(`Created ${user.isStaff ? 'admin ' : ''}user ${user.email} (id ${user.id}).`);
  });
}
