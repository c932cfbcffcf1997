/* global process, console */
// Runs before anything that loads the project's TypeScript files directly (`npm start`, `npm run dev`, …).
// Those need Node's built-in type stripping, on by default from Node 22.18 and 23.6; an older Node would stop
// with ERR_UNKNOWN_FILE_EXTENSION ".ts". Plain JavaScript, so it runs on any Node that can say so.
const [major, minor] = process.versions.node.split('.').map(Number);
const isSupported = major >= 24 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
if (!isSupported) {
  console.error(
    `This site needs Node.js 22.18 or newer (24 LTS recommended), not ${process.version}: run \`source scripts/use-node24.sh\` and try again.`,
  );
  process.exit(1);
}
