// Verity runs on Node 24 LTS. npm scripts put the pinned Node from node_modules/.bin first on
// PATH; this guard explains the problem in one line when something older is used instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Verity needs Node 24 or newer (found ${process.versions.node}): run it through npm (npm install, then npm start) so the pinned Node 24 is used.`,
  );
  process.exit(1);
}
