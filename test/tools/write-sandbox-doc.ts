// npm run docs:sandbox: renders docs/sandbox.md's scenario tables from samples/sandbox-identifiers.json.
import { writeSandboxDoc } from './sandbox-doc.js';

console.log(writeSandboxDoc() ? 'docs/sandbox.md: tables rewritten' : 'docs/sandbox.md: already up to date');
