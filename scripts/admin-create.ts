/**
 * Creates a staff account, or (with --reset-password) sets a new password on one: the way back in when
 * nobody can sign in. Two-factor sign-in is switched off (passkeys removed) and every session of the account ends on reset.
 *
 *   npm run admin:create -- --email you@example.com --name "Your Name" [--role editor|author|sales|administrator]
 *   npm run admin:create -- --email you@example.com --reset-password
 *
 * A new account is an Administrator unless --role says otherwise; the first account made is the Owner whatever
 * is asked (docs/product.md#roles).
 * The password is asked for at a hidden prompt, or read from ADMIN_PASSWORD when there is no terminal.
 */
import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH } from '../shared/admin.ts';
import { ASSIGNABLE_ROLES, type AssignableRole, DEFAULT_ROLE, ROLE_TEXT } from '../shared/roles.ts';
import { AppError } from '../server/core/errors.ts';
import { createStaffService } from '../server/staff/users.ts';
import { loadCliConfig, openMigratedDb } from './cli-env.ts';

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new Error('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = process.env.ADMIN_PASSWORD ?? '';
    if (!password) throw new Error('No terminal to ask at: set ADMIN_PASSWORD.');
    return password;
  }
  const password = await askHidden(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
  if ((await askHidden('Repeat the password: ')) !== password) throw new Error('The passwords do not match.');
  return password;
}

const USAGE = `Usage: npm run admin:create -- --email you@example.com --name "Your Name" [--role ${ASSIGNABLE_ROLES.join('|')}] [--reset-password]`;

function isAssignable(value: string): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: DEFAULT_ROLE },
      'reset-password': { type: 'boolean', default: false },
    },
  });
  const reset = values['reset-password'];
  const role = values.role.toLowerCase();
  if (!values.email || (!reset && !values.name) || !isAssignable(role)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  const { handle } = await openMigratedDb(config);
  try {
    const password = await readPassword();
    const actor = { userId: null, email: 'command line', ip: null };
    const staff = createStaffService({ db: handle.db, settings: config });
    if (reset) {
      const user = await staff.resetPassword(actor, values.email, password);
      console.log(`New password set for ${user.email}; two-factor sign-in is off, its passkeys are removed and every session was ended.`);
    } else {
      const user = await staff.createAccount(actor, { email: values.email, name: values.name!, password, role });
      const signIn = new URL('/admin/login', config.SITE_URL).href;
      console.log(`Created the staff account ${user.email} (${ROLE_TEXT.names[user.role]}). Sign in at ${signIn}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof AppError || err instanceof Error) console.error(err.message);
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

process.exitCode = await main();
