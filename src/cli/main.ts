import { runCli } from './run';

// process.exit, not a natural end: a tripwire worker or an open stdin would keep the process alive.
// runCli never rejects: every failure is its exit code and one line on stderr.
void runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stdin: process.stdin,
  stdout: process.stdout,
}).then((code) => process.exit(code));
